"""Gradient noise added before the backward: the clear keeps zero tensors
(`set_to_none=False`) because the next lines add noise into `p.grad` in place, and the
backward then adds the batch's gradient to it. With `set_to_none=True` the `.grad` tensors
would be `None` and `p.grad.add_` would fail.
"""

import json

import torch
from torch import nn


def train(model, optimizer, x, y, steps, noise_std=1e-3):
    params = [p for p in model.parameters() if p.requires_grad]
    generator = torch.Generator().manual_seed(1)
    losses = []
    for step in range(steps):
        rows = slice((step % 4) * 16, (step % 4 + 1) * 16)
        optimizer.zero_grad(set_to_none=False)
        for p in params:
            p.grad.add_(torch.randn(p.shape, generator=generator, dtype=p.dtype) * noise_std)
        loss = nn.functional.mse_loss(model(x[rows]), y[rows])
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


def main():
    torch.manual_seed(0)
    torch.set_num_threads(1)
    model = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 1)).double()
    for p in model.parameters():
        p.grad = torch.zeros_like(p)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    x = torch.randn(64, 6, dtype=torch.float64)
    y = x[:, :1] - 0.5 * x[:, 1:2]
    losses = train(model, optimizer, x, y, steps=20)
    weights = [v for p in model.parameters() for v in p.detach().reshape(-1).tolist()]
    print(json.dumps({"losses": losses, "weights": weights}))


if __name__ == "__main__":
    main()
