"""A helper that steps and updates the module's scaler, called for two optimizers of one scaled
backward in `train` (the bug) and for a single optimizer in `finetune` (right there): dropping the
helper's update would leave `finetune` without one, so the finding comes without a fix."""

import torch
import torch.nn.functional as F

scaler = torch.amp.GradScaler("cuda")


def step_one(optimizer):
    scaler.step(optimizer)
    scaler.update()


def train(model, head, opt, opt_head, loader):
    for x, y in loader:
        opt.zero_grad(set_to_none=True)
        opt_head.zero_grad(set_to_none=True)
        with torch.autocast("cuda"):
            loss = F.cross_entropy(head(model(x)), y)
        scaler.scale(loss).backward()
        step_one(opt)
        step_one(opt_head)


def finetune(model, opt, loader):
    for x, y in loader:
        opt.zero_grad(set_to_none=True)
        with torch.autocast("cuda"):
            loss = F.cross_entropy(model(x), y)
        scaler.scale(loss).backward()
        step_one(opt)
