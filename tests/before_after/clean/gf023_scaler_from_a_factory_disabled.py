# The factory builds torch's `GradScaler` with the `enabled` it is given, and the only call
# passes False: the scaler scales nothing, and stepping the optimizer directly is right.
import torch

USE_AMP = False


def make_scaler(enabled):
    return torch.cuda.amp.GradScaler(enabled=enabled)


def train(model, loader, criterion):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = make_scaler(USE_AMP)
    for x, y in loader:
        opt.zero_grad()
        loss = criterion(model(x), y)
        scaler.scale(loss).backward()
        opt.step()
        scaler.update()
