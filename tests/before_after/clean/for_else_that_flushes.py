import torch
from torch.nn import functional as F


def train(model, optimizer, loader, epochs: int, accumulation: int = 4):
    for epoch in range(epochs):
        for i, (x, y) in enumerate(loader):
            loss = F.cross_entropy(model(x), y) / accumulation
            loss.backward()
            if (i + 1) % accumulation == 0:
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
        else:
            if (i + 1) % accumulation != 0:
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
