import torch
from torch import nn

from optimizers import build_optimizer

model = nn.Linear(3, 1)
opt = build_optimizer(model)
batches = [(torch.randn(4, 3), torch.randn(4, 1))] * 4
for x, y in batches:
    opt.zero_grad()
    out = model(x)
    criterion = nn.functional.l1_loss(out, y)
    criterion.backward()
    opt.step

for x, y in batches:
    model.zero_grad(); nn.functional.l1_loss(model(x), y).backward(); opt.step
