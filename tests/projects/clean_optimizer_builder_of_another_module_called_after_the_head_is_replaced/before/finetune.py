# The head is replaced first; `build_optimizer` (training/optimizers.py) is called after it,
# over the model as it now is.
import torch
import torch.nn as nn
import torch.nn.functional as F

from training import optimizers

cfg = {"lr": 0.05, "optimizer": "sgd"}
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
model[-1] = nn.Linear(16, 5)
optimizer = optimizers.build_optimizer(cfg, model)
batches = [(torch.randn(4, 8), torch.randint(0, 5, (4,))) for _ in range(20)]
for epoch in range(2):
    for x, y in batches:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
