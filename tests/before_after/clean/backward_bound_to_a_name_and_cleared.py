"""`bw = loss.backward; bw()` with the optimizer cleared first in each iteration: correct."""
import torch
from torch import nn

net = nn.Linear(3, 1)
sgd = torch.optim.SGD(net.parameters(), lr=0.05)


def train(batches):
    for x, y in batches:
        sgd.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(net(x), y)
        bw = loss.backward
        bw()
        sgd.step()
