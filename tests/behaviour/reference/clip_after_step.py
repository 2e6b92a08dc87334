"""Regression MLP trained with SGD and gradient-norm clipping (hand-fixed reference).

Reference for examples/clip_after_step.py: the gradients are clipped between
backward() and optimizer.step(), so the update uses the clipped gradients.

Targets are a noisy nonlinear function of 16 random features with a large
scale, so early gradients are much larger than the clipping threshold.

Output contract (read by gradfix's behaviour tests): one JSON line on stdout,
{"losses": [...], "weights_sha256": "...", "extra": {"grad_norms": [...]}},
one loss per optimizer step; "grad_norms" is what clip_grad_norm_ returned
(the total norm before clipping).
"""

import hashlib
import json

import torch
from torch import nn
from torch.nn.utils import clip_grad_norm_

torch.manual_seed(0)
torch.set_num_threads(1)

N_FEATURES = 16
N_SAMPLES = 2048
BATCH = 64
STEPS = 120
MAX_GRAD_NORM = 1.0


def synthetic_regression():
    x = torch.randn(N_SAMPLES, N_FEATURES)
    w = torch.randn(N_FEATURES, 1)
    y = 5.0 * torch.tanh(x @ w) + 2.0 * x[:, :1] ** 2 + 0.1 * torch.randn(N_SAMPLES, 1)
    return x, y


def batch_at(x, y, step):
    start = (step * BATCH) % N_SAMPLES
    return x[start:start + BATCH], y[start:start + BATCH]


def param_hash(model):
    h = hashlib.sha256()
    for p in model.parameters():
        h.update(bytes(p.detach().float().contiguous().flatten().view(torch.uint8).tolist()))
    return h.hexdigest()


def main():
    x, y = synthetic_regression()
    model = nn.Sequential(nn.Linear(N_FEATURES, 32), nn.Tanh(), nn.Linear(32, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    criterion = nn.MSELoss()

    losses, grad_norms = [], []
    for step in range(STEPS):
        xb, yb = batch_at(x, y, step)
        optimizer.zero_grad()
        loss = criterion(model(xb), yb)
        loss.backward()
        total_norm = clip_grad_norm_(model.parameters(), MAX_GRAD_NORM)
        optimizer.step()
        grad_norms.append(total_norm.item())
        losses.append(loss.item())

    print(json.dumps({
        "losses": losses,
        "weights_sha256": param_hash(model),
        "extra": {"grad_norms": grad_norms},
    }))


if __name__ == "__main__":
    main()
