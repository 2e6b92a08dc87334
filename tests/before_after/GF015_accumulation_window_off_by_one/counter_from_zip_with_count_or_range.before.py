import itertools

import torch


def train(model, loader, optimizer, accum=4):
    for step, (x, y) in zip(itertools.count(), loader):
        (torch.nn.functional.mse_loss(model(x), y) / accum).backward()
        if step % accum == 0 or step + 1 == len(loader):
            optimizer.step()
            optimizer.zero_grad()


def train_ranged(model, loader, optimizer, accum=4):
    for i, batch in zip(range(len(loader)), loader):
        (model(batch).pow(2).mean() / accum).backward()
        if i % accum == 0 or i + 1 == len(loader):
            optimizer.step()
            optimizer.zero_grad()
