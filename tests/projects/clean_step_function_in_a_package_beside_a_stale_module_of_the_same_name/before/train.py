# `from engine import train_step` imports the engine/ package: a package wins over the
# engine.py module beside it. The package clears; the stale module beside it (never imported) does not.
import torch
import torch.nn.functional as F

from engine import train_step

model = torch.nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
inputs = torch.randn(32, 4)
labels = (inputs.sum(1) > 0).long()
for epoch in range(3):
    for start in range(0, 32, 8):
        train_step(model, opt, inputs[start : start + 8], labels[start : start + 8])
