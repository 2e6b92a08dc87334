"""A sign-SGD optimizer of the project, built by a factory; its zero_grad() comes from a base
class and takes no argument, so `zero_grad(set_to_none=True)` would raise a TypeError. The
loop clears every iteration.
"""

import json

import torch
from torch import nn


class ClearsToNone:
    def __init__(self, params):
        self.params = list(params)

    def zero_grad(self):
        for p in self.params:
            p.grad = None


class SignSGD(ClearsToNone):
    def __init__(self, params, lr):
        super().__init__(params)
        self.lr = lr

    @torch.no_grad()
    def step(self):
        for p in self.params:
            if p.grad is not None:
                p.add_(p.grad.sign(), alpha=-self.lr)


def build_optimizer(model, lr=1e-2):
    return SignSGD(model.parameters(), lr=lr)


def train(model, x, y, steps):
    optimizer = build_optimizer(model)
    losses = []
    for step in range(steps):
        rows = slice((step % 4) * 16, (step % 4 + 1) * 16)
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x[rows]), y[rows])
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


def main():
    torch.manual_seed(0)
    torch.set_num_threads(1)
    model = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 1)).double()
    x = torch.randn(64, 6, dtype=torch.float64)
    y = x[:, :1] - 0.5 * x[:, 1:2]
    losses = train(model, x, y, steps=20)
    weights = [v for p in model.parameters() for v in p.detach().reshape(-1).tolist()]
    print(json.dumps({"losses": losses, "weights": weights}))


if __name__ == "__main__":
    main()
