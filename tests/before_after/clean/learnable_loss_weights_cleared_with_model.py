"""Uncertainty weighting: the loss weights are parameters of their own module, trained by
the same optimizer as the model. Both modules are cleared, so every parameter the optimizer
steps is cleared."""

import torch
from torch import nn


class UncertaintyWeights(nn.Module):
    def __init__(self, tasks):
        super().__init__()
        self.log_vars = nn.Parameter(torch.zeros(tasks))

    def forward(self, losses):
        return sum(torch.exp(-lv) * loss + lv for lv, loss in zip(self.log_vars, losses))


def train(model, weighting, loader):
    optimizer = torch.optim.Adam(list(model.parameters()) + list(weighting.parameters()), lr=1e-3)
    for x, (ya, yb) in loader:
        model.zero_grad()
        weighting.zero_grad()
        out_a, out_b = model(x)
        total = weighting([nn.functional.mse_loss(out_a, ya), nn.functional.mse_loss(out_b, yb)])
        total.backward()
        optimizer.step()
