"""The loss is handed to a probe object that keeps it (`probe.last_loss = loss`) and, every
few steps, backpropagates through it again to measure curvature. The graph must survive the
first backward: `retain_graph=True` is needed though nothing in the loop backpropagates twice.
"""

import json

import torch
from torch import nn


class CurvatureProbe:
    def __init__(self, params):
        self.params = params
        self.last_loss = None
        self.history = []

    def measure(self):
        grads = torch.autograd.grad(self.last_loss, self.params)
        self.history.append(float(sum(g.pow(2).sum() for g in grads)))


def train(model, optimizer, x, y, steps):
    probe = CurvatureProbe(list(model.parameters()))
    losses = []
    for step in range(steps):
        rows = slice((step % 4) * 16, (step % 4 + 1) * 16)
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x[rows]), y[rows])
        loss.backward(retain_graph=True)
        probe.last_loss = loss
        if step % 5 == 0:
            probe.measure()
        optimizer.step()
        losses.append(loss.item())
    return losses, probe.history


def main():
    torch.manual_seed(0)
    torch.set_num_threads(1)
    model = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 1)).double()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    x = torch.randn(64, 6, dtype=torch.float64)
    y = x[:, :1] - 0.5 * x[:, 1:2]
    losses, curvature = train(model, optimizer, x, y, steps=20)
    weights = [v for p in model.parameters() for v in p.detach().reshape(-1).tolist()]
    print(json.dumps({"losses": losses, "weights": weights, "extra": {"curvature": curvature}}))


if __name__ == "__main__":
    main()
