import torch
from torch import nn


def one_batch(net, optimizer, inputs, targets):
    optimizer.zero_grad(set_to_none=True)
    loss = nn.functional.mse_loss(net(inputs), targets)
    loss.backward()
    optimizer.step()
    return optimizer


def fit(net, batches, epochs):
    history = []
    for epoch in range(epochs):
        optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
        for inputs, targets in batches:
            history.append(one_batch(net, optimizer, inputs, targets))
    return net, history
