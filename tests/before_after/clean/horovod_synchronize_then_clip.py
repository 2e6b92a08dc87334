"""Horovod: the gradients are all-reduced by `optimizer.synchronize()` before the clip, and
the step skips a second synchronization. gradfix cannot see into `synchronize`; it says
nothing about the loop."""

import horovod.torch as hvd
import torch


def train(model, loader, optimizer):
    optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=model.named_parameters())
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.synchronize()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        with optimizer.skip_synchronize():
            optimizer.step()
