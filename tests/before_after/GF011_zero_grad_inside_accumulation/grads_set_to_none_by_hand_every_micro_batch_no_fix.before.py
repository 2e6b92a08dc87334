import torch
from torch import nn

ACCUM = 4


def train(model, loader):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for i, (x, y) in enumerate(loader):
        for param in model.parameters():
            param.grad = None
        loss = nn.functional.cross_entropy(model(x), y) / ACCUM
        loss.backward()
        if (i + 1) % ACCUM == 0 or i + 1 == len(loader):
            optimizer.step()
