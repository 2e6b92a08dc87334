import torch
from torch import nn


def train(model, loader, epochs):
    def make(ps):
        return torch.optim.SGD(ps, lr=0.1)

    params = model.parameters()
    for epoch in range(epochs):
        opt = make(params)
        for x, y in loader:
            opt.zero_grad(set_to_none=True)
            nn.functional.mse_loss(model(x), y).backward()
            opt.step()


def fit(model, loader, epochs):
    build = lambda ps, lr: torch.optim.Adam(ps, lr=lr)
    trainable = (p for p in model.parameters() if p.requires_grad)
    epoch = 0
    while epoch < epochs:
        opt = build(trainable, 1e-3 / (epoch + 1))
        for x, y in loader:
            opt.zero_grad(set_to_none=True)
            nn.functional.mse_loss(model(x), y).backward()
            opt.step()
        epoch += 1
