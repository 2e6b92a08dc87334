import torch
from torch import nn


def build_update(model, optimizer):
    def update(batch, target):
        scaler = torch.amp.GradScaler("cuda")
        optimizer.zero_grad()
        with torch.autocast("cuda"):
            loss = nn.functional.cross_entropy(model(batch), target)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        return loss.detach()

    return update


def fit(model, stream, steps):
    update = build_update(model, torch.optim.AdamW(model.parameters()))
    done = 0
    while done < steps:
        batch, target = next(stream)
        update(batch.cuda(), target.cuda())
        done += 1
