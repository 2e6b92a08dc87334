import torch
import torch.nn.functional as F


def advance(stream, net, optim):
    inputs, targets = next(stream)
    optim.zero_grad()
    F.mse_loss(net(inputs), targets).backward()
    optim.step()


def fit(net, loader, epochs):
    optim = torch.optim.Adam(net.parameters(), lr=1e-3)
    for epoch in range(epochs):
        stream = iter(loader)
        while True:
            try:
                advance(stream, net, optim)
            except StopIteration:
                break
    return net
