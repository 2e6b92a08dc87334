import torch
from torch import nn


def prediction_entropy(net, batch):
    net.eval()  # adapt on the source batch-norm statistics, dropout off
    logits = net(batch)
    return -(logits.softmax(dim=1) * logits.log_softmax(dim=1)).sum(dim=1).mean()


def adapt_on(net, batch, steps=10, lr=1e-3):
    norm_params = [p for name, p in net.named_parameters() if ".norm." in name]
    optimizer = torch.optim.SGD(norm_params, lr=lr, momentum=0.9)
    for _ in range(steps):
        entropy = prediction_entropy(net, batch)
        loss = entropy + 0.0 * sum(p.sum() for p in norm_params)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    with torch.no_grad():
        return net(batch).argmax(dim=1)
