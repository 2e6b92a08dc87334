import torch
import torch.nn.functional as F


def train(model, loader, accum):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for idx, (x, y) in enumerate(loader):
        # train on the last micro-batch of each group only: every backward is a window's end
        if (idx + 1) % accum:
            continue
        optimizer.zero_grad()
        (F.mse_loss(model(x), y) / accum).backward()
        if (idx + 1) % accum == 0 or idx + 1 == len(loader):
            optimizer.step()
