"""The loss tensor is accumulated on purpose: the window's micro-batch losses are summed into
`pending`, which a helper of the module backpropagates once per window (then `pending` is
reset). Detaching the terms would leave nothing to backpropagate.
"""

import json

import torch
from torch import nn


def update(optimizer, loss):
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()


def train(model, optimizer, x, y, steps, accum=4):
    pending = 0.0
    losses = []
    for i in range(steps):
        rows = slice((i % 8) * 8, (i % 8 + 1) * 8)
        loss = nn.functional.mse_loss(model(x[rows]), y[rows])
        pending = pending + loss / accum
        losses.append(loss.item())
        if (i + 1) % accum == 0:
            update(optimizer, pending)
            pending = 0.0
    return losses


def main():
    torch.manual_seed(0)
    torch.set_num_threads(1)
    model = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 1)).double()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    x = torch.randn(64, 6, dtype=torch.float64)
    y = x[:, :1] - 0.5 * x[:, 1:2]
    losses = train(model, optimizer, x, y, steps=24)
    weights = [v for p in model.parameters() for v in p.detach().reshape(-1).tolist()]
    print(json.dumps({"losses": losses, "weights": weights}))


if __name__ == "__main__":
    main()
