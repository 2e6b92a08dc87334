import torch
import torch.nn.functional as F


def train(model, optimizer, loader, accum):
    for i, (x, y) in enumerate(loader):
        loss = F.mse_loss(model(x), y) / accum
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        if (i + 1) % accum == 0:
            optimizer.step()
            optimizer.zero_grad()
    if (i + 1) % accum != 0:
        optimizer.step()
        optimizer.zero_grad()
