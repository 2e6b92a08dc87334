"""A sign-SGD optimizer written in the project: its `zero_grad()` takes no argument, so
`zero_grad(set_to_none=True)` would raise a TypeError. The loop clears every iteration.
"""

import json

import torch
from torch import nn


class SignSGD:
    def __init__(self, params, lr):
        self.params = list(params)
        self.lr = lr

    def zero_grad(self):
        for p in self.params:
            p.grad = None

    @torch.no_grad()
    def step(self):
        for p in self.params:
            if p.grad is not None:
                p.add_(p.grad.sign(), alpha=-self.lr)


def train(model, x, y, steps):
    optimizer = SignSGD(model.parameters(), lr=1e-2)
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
