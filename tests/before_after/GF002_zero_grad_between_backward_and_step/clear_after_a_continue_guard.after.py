# The clear sits after the accumulation's continue guard, right before the step: every window
# steps on nothing. It moves after the step, which the guard makes run once per window.
import torch.nn.functional as F


def train(model, loader, optimizer, accum):
    for i, (x, y) in enumerate(loader):
        loss = F.mse_loss(model(x), y)
        (loss / accum).backward()
        if (i + 1) % accum != 0:
            continue
        optimizer.step()
        optimizer.zero_grad()
