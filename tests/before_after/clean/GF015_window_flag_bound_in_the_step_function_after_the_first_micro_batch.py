import torch
from torch import nn

ACCUM = 4


def micro_step(model, opt, batch, step):
    inputs, targets = batch
    loss = nn.functional.mse_loss(model(inputs), targets) / ACCUM
    loss.backward()
    update = (step + 1) % ACCUM == 0
    if update:
        opt.step()
        opt.zero_grad(set_to_none=True)


def train(model, loader, epochs):
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(epochs):
        step = 0
        while step < len(loader):
            micro_step(model, opt, loader[step], step)
            step += 1
        if len(loader) % ACCUM:
            opt.step()
            opt.zero_grad(set_to_none=True)
    return model
