import torch
import torch.nn as nn


class Pruner:
    def __init__(self, model):
        self.model = model

    def apply_masks(self):
        for p in self.model.parameters():
            p.data.mul_((p.data.abs() > 1e-3).float())


def prune_and_train(net, loader, lr):
    optimizer = torch.optim.SGD(net.parameters(), lr=lr)
    pruner = Pruner(net)
    pruner.apply_masks()
    net = pruner.model  # the same module: its parameters were changed in place
    holder = Pruner(None)
    holder.model = net
    net = holder.model
    tau = torch.load("state.pt")["temperature"]
    for x, y in loader:
        optimizer.zero_grad()
        nn.functional.cross_entropy(net(x) / tau, y).backward()
        optimizer.step()
