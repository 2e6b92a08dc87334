"""Horovod's DistributedOptimizer wraps a torch optimizer in a class whose zero_grad takes no
argument: the clear gradfix adds is bare.
"""

import horovod.torch as hvd
import torch


def train(model, loader, lr):
    hvd.init()
    optimizer = torch.optim.SGD(model.parameters(), lr=lr * hvd.size())
    optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=model.named_parameters())
    for features, target in loader:
        loss = torch.nn.functional.mse_loss(model(features), target)
        loss.backward()
        optimizer.step()
