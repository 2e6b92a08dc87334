"""Accumulation with the step at the top of the iteration: when `i % accum_steps == 0` the
optimizer steps on the window of the micro-batches *before* this one (on the very first
micro-batch there are no gradients yet and the step moves nothing), and the last window is
stepped after the loop. Every window holds `accum_steps` micro-batches; `(i + 1)` in the test
would step one micro-batch early.
"""

import json

import torch
from torch import nn


def train(model, optimizer, batches, accum_steps=4):
    losses = []
    for i, (x, y) in enumerate(batches):
        if i % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y) / accum_steps
        loss.backward()
        losses.append(loss.item())
    optimizer.step()
    optimizer.zero_grad()
    return losses


def main():
    torch.manual_seed(0)
    torch.set_num_threads(1)
    model = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 1)).double()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    x = torch.randn(64, 6, dtype=torch.float64)
    y = x[:, :1] - 0.5 * x[:, 1:2]
    batches = [(x[k : k + 8], y[k : k + 8]) for k in range(0, 64, 8)] * 3
    losses = train(model, optimizer, batches)
    weights = [v for p in model.parameters() for v in p.detach().reshape(-1).tolist()]
    print(json.dumps({"losses": losses, "weights": weights}))


if __name__ == "__main__":
    main()
