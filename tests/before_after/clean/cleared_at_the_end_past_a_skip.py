import torch
import torch.nn.functional as F

ACCUM = 4


def train(model, loader):
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for x, y in loader:
        loss = F.mse_loss(model(x), y)
        if torch.isnan(loss):
            continue
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)


def train_accumulating(model, loader):
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for i, (x, y) in enumerate(loader):
        (F.mse_loss(model(x), y) / ACCUM).backward()
        if (i + 1) % ACCUM != 0 and i + 1 != len(loader):
            continue
        opt.step()
        opt.zero_grad(set_to_none=True)


def train_clearing_in_the_skip(model, loader):
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for x, y in loader:
        loss = F.mse_loss(model(x), y)
        loss.backward()
        if not torch.isfinite(loss):
            opt.zero_grad(set_to_none=True)
            continue
        opt.step()
        opt.zero_grad(set_to_none=True)
