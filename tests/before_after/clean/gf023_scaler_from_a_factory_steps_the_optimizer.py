# The scaler from a factory of the file steps the optimizer itself: nothing to report.
import torch


def make_scaler(enabled):
    return torch.cuda.amp.GradScaler(enabled=enabled)


def train(model, loader, criterion):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = make_scaler(True)
    for x, y in loader:
        opt.zero_grad()
        with torch.autocast("cuda"):
            loss = criterion(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
