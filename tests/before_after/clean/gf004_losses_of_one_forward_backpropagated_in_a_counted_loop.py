import itertools

import torch


def backprop_each(model, x, targets, optimizer):
    # every loss shares the one forward's graph: each backward but the last must retain it
    optimizer.zero_grad(set_to_none=True)
    out = model(x)
    losses = [torch.nn.functional.mse_loss(out[:, k], t) for k, t in enumerate(targets)]
    for k, loss in zip(itertools.count(), losses):
        loss.backward(retain_graph=True)
    optimizer.step()
