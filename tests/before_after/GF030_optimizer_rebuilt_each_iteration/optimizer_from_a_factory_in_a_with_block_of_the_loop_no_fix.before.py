import contextlib

import torch


def make_optimizer(model):
    return torch.optim.AdamW(model.parameters(), lr=1e-3)


def train(model, loader, log):
    for x, y in loader:
        with contextlib.redirect_stdout(log):
            opt = make_optimizer(model)
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
