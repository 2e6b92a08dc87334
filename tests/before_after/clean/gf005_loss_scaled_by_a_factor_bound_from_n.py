# Correct: `scale = 1.0 / max(accum_steps, 1)` reaches the backward through the scaled loss,
# and the log line reads the unscaled one.
import torch


def train(model, opt, loader, criterion, accum_steps):
    for i, (x, y) in enumerate(loader):
        loss = criterion(model(x), y)
        scale = 1.0 / max(accum_steps, 1)
        (loss * scale).backward()
        print("loss", loss.item())
        if (i + 1) % accum_steps == 0:
            opt.step()
            opt.zero_grad()
    if (i + 1) % accum_steps != 0:
        opt.step()
        opt.zero_grad()
