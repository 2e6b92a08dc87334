# The clear runs at the top of every micro-batch, before the guard that skips the step
# between windows: each step sees the last micro-batch only. Reported without a fix.
import torch.nn.functional as F


def train(model, optimizer, loader, accum):
    for i, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        loss = F.mse_loss(model(x), y) / accum
        loss.backward()
        if (i + 1) % accum != 0:
            continue
        optimizer.step()
