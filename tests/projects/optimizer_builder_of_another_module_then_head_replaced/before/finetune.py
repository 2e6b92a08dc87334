# `build_optimizer` (training/optimizers.py) returns an optimizer over the parameters of the
# model it is given; the head is replaced afterwards and never trains.
import torch
import torch.nn as nn
import torch.nn.functional as F

from training.optimizers import build_optimizer

cfg = {"lr": 0.05, "optimizer": "sgd"}
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
optimizer = build_optimizer(cfg, model)
model[-1] = nn.Linear(16, 5)
batches = [(torch.randn(4, 8), torch.randint(0, 5, (4,))) for _ in range(20)]
for epoch in range(2):
    for x, y in batches:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
