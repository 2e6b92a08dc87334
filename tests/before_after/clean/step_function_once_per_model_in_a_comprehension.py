"""Each call of the comprehension hands `one_update` another model and its own optimizer: one
step per optimizer on fresh gradients, nothing piles up (no GF001)."""
import torch
from torch import nn


def one_update(net, opt, features, labels):
    loss = nn.functional.mse_loss(net(features), labels)
    loss.backward()
    opt.step()
    return loss.item()


nets = [nn.Linear(4, 1) for _ in range(3)]
opts = [torch.optim.SGD(n.parameters(), lr=0.1) for n in nets]
x, y = torch.randn(8, 4), torch.randn(8, 1)
scores = [one_update(n, o, x, y) for n, o in zip(nets, opts)]
