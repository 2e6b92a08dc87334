import torch
import torch.nn.functional as F


def train(model, loader, accum):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for i, (x, y) in enumerate(loader):
        (F.mse_loss(model(x), y) / accum).backward()
        if x.isnan().any():
            continue
        if (i + 1) % accum != 0:
            continue
        optimizer.step()
        optimizer.zero_grad()
