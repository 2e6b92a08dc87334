"""The iteration starts with a call, made for its effect on the model, into a library gradfix
cannot read (`trainkit.begin_batch(model)` clears the gradients there). The clear may be in
it: adding another one would at best duplicate it, so gradfix says nothing."""

import torch

from trainkit.hooks import begin_batch


def train(model, loader, optimizer):
    for x, y in loader:
        begin_batch(model)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
