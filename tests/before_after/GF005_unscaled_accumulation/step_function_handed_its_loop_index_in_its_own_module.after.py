import torch
import torch.nn.functional as F

ACCUM = 4


def train_step(model, optimizer, i, x, y):
    loss = F.cross_entropy(model(x), y)
    (loss / ACCUM).backward()
    if (i + 1) % ACCUM == 0:
        optimizer.step()
        optimizer.zero_grad()


def train(model, optimizer, loader):
    for i, (x, y) in enumerate(loader):
        train_step(model, optimizer, i, x, y)
