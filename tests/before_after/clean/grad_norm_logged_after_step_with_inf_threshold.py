"""After the step, the gradient norm is measured for logging with
`clip_grad_norm_(params, math.inf)`: an infinite threshold clips nothing, and the step does
not change the gradients, so measuring after it logs the norm the step used."""

import json
import math

import torch
from torch import nn


def train(model, optimizer, x, y, steps):
    losses, norms = [], []
    for step in range(steps):
        rows = slice((step % 4) * 16, (step % 4 + 1) * 16)
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x[rows]), y[rows])
        loss.backward()
        optimizer.step()
        grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), math.inf)
        losses.append(loss.item())
        norms.append(grad_norm.item())
    return losses, norms


def main():
    torch.manual_seed(0)
    torch.set_num_threads(1)
    model = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 1)).double()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    x = torch.randn(64, 6, dtype=torch.float64)
    y = x[:, :1] - 0.5 * x[:, 1:2]
    losses, norms = train(model, optimizer, x, y, steps=20)
    weights = [v for p in model.parameters() for v in p.detach().reshape(-1).tolist()]
    print(json.dumps({"losses": losses, "weights": weights, "extra": {"grad_norms": norms}}))


if __name__ == "__main__":
    main()
