"""Every hundred steps the loss is handed to a curvature estimator of a library
(`hutchinson_trace(loss, params)`), which backpropagates through its graph again: the first
backward keeps the graph for it."""

import torch

from curvature import hutchinson_trace


def train(model, loader, optimizer, log):
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward(retain_graph=True)
        if step % 100 == 0:
            log(hutchinson_trace(loss, list(model.parameters())))
        optimizer.step()
