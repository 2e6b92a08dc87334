# The clear at the top of every micro-batch wipes the window; the window's block already
# clears after its step (after `scaler.update()`), so the fix only deletes the top clear. The
# flush after the loop relied on the top clear of the next epoch: it gets its own.
import torch


def train(model, opt, scaler, loader, criterion, accum_steps, epochs):
    for epoch in range(epochs):
        for i, (x, y) in enumerate(loader):
            with torch.autocast("cuda"):
                loss = criterion(model(x), y) / accum_steps
            scaler.scale(loss).backward()
            if (i + 1) % accum_steps == 0:
                scaler.step(opt)
                scaler.update()
                opt.zero_grad(set_to_none=True)
        if (i + 1) % accum_steps != 0:
            scaler.step(opt)
            opt.zero_grad(set_to_none=True)
            scaler.update()
