"""A warmup written in the project sets the learning rate itself from its own counter, which
`step()` increments first: stepping it before the optimizer makes the first update use
`lr / warmup` instead of 0. This is its contract, not PyTorch's scheduler order, and moving
the call would change every learning rate of the warmup.
"""

import json

import torch
from torch import nn


class LinearWarmup:
    """Step k (counted from 1) sets lr = base * min(1, k / warmup)."""

    def __init__(self, optimizer, warmup):
        self.optimizer = optimizer
        self.warmup = warmup
        self.base = [group["lr"] for group in optimizer.param_groups]
        self.count = 0

    def step(self):
        self.count += 1
        scale = min(1.0, self.count / self.warmup)
        for group, base in zip(self.optimizer.param_groups, self.base):
            group["lr"] = base * scale


def train(model, optimizer, x, y, steps):
    warmup_scheduler = LinearWarmup(optimizer, warmup=5)
    losses = []
    for step in range(steps):
        rows = slice((step % 4) * 16, (step % 4 + 1) * 16)
        warmup_scheduler.step()
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
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    x = torch.randn(64, 6, dtype=torch.float64)
    y = x[:, :1] - 0.5 * x[:, 1:2]
    losses = train(model, optimizer, x, y, steps=20)
    weights = [v for p in model.parameters() for v in p.detach().reshape(-1).tolist()]
    print(json.dumps({"losses": losses, "weights": weights}))


if __name__ == "__main__":
    main()
