import torch
from torch import nn


def batch_accuracy(net, inputs, labels):
    net.eval()
    with torch.no_grad():
        return (net(inputs).argmax(dim=1) == labels).float().mean().item()


def adapt(net, stream, lr=1e-3):
    net.train()
    norm_params = [p for m in net.modules() if isinstance(m, nn.BatchNorm1d) for p in m.parameters()]
    optimizer = torch.optim.SGD(norm_params, lr=lr, momentum=0.9)
    accuracies = []
    for inputs, labels in stream:
        logits = net(inputs)
        loss = -(logits.softmax(dim=1) * logits.log_softmax(dim=1)).sum(dim=1).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        accuracies.append(batch_accuracy(net, inputs, labels))
        net.train()
    return accuracies
