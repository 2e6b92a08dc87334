"""A hand-written all-reduce: after the backward, the local gradients are flattened, the
local `.grad` tensors zeroed in place, and the averaged gradient added back into them before
the step. The clear between the backward and the step is the point; the helpers live in a
communication module gradfix cannot read."""

import torch

from comm.collectives import add_flat_grads, all_reduce_mean, flatten_grads


def train(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        local = flatten_grads(model)
        optimizer.zero_grad(set_to_none=False)
        add_flat_grads(model, all_reduce_mean(local))
        optimizer.step()
