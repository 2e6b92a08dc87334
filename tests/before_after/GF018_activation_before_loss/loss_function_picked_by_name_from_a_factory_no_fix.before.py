"""A factory of the file picks torch's loss function by name (`F.cross_entropy` for "ce") and
is called with the literal naming it; the loop feeds it sigmoid outputs. Reported without a
fix: the factory may be changed to pick another loss."""
import torch
import torch.nn.functional as F
from torch import nn


def loss_by_name(name):
    if name == "mse":
        return F.mse_loss
    if name == "ce":
        return F.cross_entropy
    raise ValueError(name)


def train(net, data, epochs):
    loss_fn = loss_by_name("ce")
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for _ in range(epochs):
        for inputs, targets in data:
            opt.zero_grad()
            scores = torch.sigmoid(net(inputs))
            loss_fn(scores, targets).backward()
            opt.step()


train(nn.Linear(6, 3), [(torch.randn(4, 6), torch.randint(0, 3, (4,)))], 2)
