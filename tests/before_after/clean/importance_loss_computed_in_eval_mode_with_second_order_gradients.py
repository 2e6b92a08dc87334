import torch
from torch import nn


def weight_importance(net, x):
    net.eval()  # the importance is measured with the deterministic network
    weights = [p for name, p in net.named_parameters() if name.endswith("weight")]
    grads = torch.autograd.grad(net(x).mean(), weights, create_graph=True)
    return sum((w * g).abs().mean() for w, g in zip(weights, grads))


def adapt(net, x, steps=5):
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
    for _ in range(steps):
        loss = weight_importance(net, x)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    with torch.no_grad():
        return net(x).argmax(dim=1)
