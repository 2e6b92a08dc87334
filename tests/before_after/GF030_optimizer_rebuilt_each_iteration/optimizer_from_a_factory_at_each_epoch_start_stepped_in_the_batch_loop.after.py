import torch
from torch import nn


def make_opt(net, lr):
    return torch.optim.Adam(net.parameters(), lr=lr)


def one_batch(net, optimizer, inputs, targets):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(net(inputs), targets)
    loss.backward()
    optimizer.step()


def fit(net, batches, epochs):
    optimizer = make_opt(net, 1e-3)
    for epoch in range(epochs):
        for inputs, targets in batches:
            one_batch(net, optimizer, inputs, targets)
    return net
