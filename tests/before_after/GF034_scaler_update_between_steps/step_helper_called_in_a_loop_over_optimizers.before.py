"""A model split into parameter groups with one optimizer each, every optimizer stepped by a helper
of the module that steps and updates the module's scaler: the helper, called in a loop over the
optimizers after one scaled backward, updates between their steps."""

import torch
import torch.nn.functional as F

scaler = torch.amp.GradScaler("cuda")


def step_one(optimizer):
    scaler.step(optimizer)
    scaler.update()


def train(model, optimizers, loader):
    model.train()
    for inputs, targets in loader:
        for optimizer in optimizers:
            optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda"):
            loss = F.cross_entropy(model(inputs), targets)
        scaler.scale(loss).backward()
        for optimizer in optimizers:
            step_one(optimizer)
