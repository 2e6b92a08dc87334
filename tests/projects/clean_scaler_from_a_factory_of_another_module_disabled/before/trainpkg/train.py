import torch

from .amp_utils import make_scaler


def train(model, loader, criterion):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = make_scaler(False)
    for x, y in loader:
        opt.zero_grad()
        with torch.autocast("cuda"):
            loss = criterion(model(x), y)
        scaler.scale(loss).backward()
        opt.step()
        scaler.update()
