# The factory returns torch's `GradScaler` only in one branch and a loss scaler of the project
# in the other; gradfix cannot tell which one steps correctly with a plain `opt.step()`.
import torch


class StaticScaler:
    def scale(self, loss):
        return loss

    def update(self):
        pass


def make_scaler(kind):
    if kind == "dynamic":
        return torch.cuda.amp.GradScaler()
    return StaticScaler()


def train(model, loader, criterion, kind):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = make_scaler(kind)
    for x, y in loader:
        opt.zero_grad()
        loss = criterion(model(x), y)
        scaler.scale(loss).backward()
        opt.step()
        scaler.update()
