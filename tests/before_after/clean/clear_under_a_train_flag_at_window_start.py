import torch
import torch.nn.functional as F


def run_epoch(model, loader, optimizer=None, accum=4):
    for i, (x, y) in enumerate(loader):
        if optimizer is not None:
            if i % accum == 0:
                optimizer.zero_grad()
            loss = F.cross_entropy(model(x), y) / accum
            loss.backward()
            if (i + 1) % accum == 0 or i + 1 == len(loader):
                optimizer.step()
        else:
            with torch.no_grad():
                loss = F.cross_entropy(model(x), y)
