import functools

import torch
from torch import nn


def train_step(x, y, *, model, opt):
    opt.zero_grad()
    loss = nn.functional.cross_entropy(model(x), y)
    loss.backward(retain_graph=True)
    opt.step()
    return loss


def run(model, loader, epochs=3, mode="plain"):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    for epoch in range(epochs):
        step = functools.partial(train_step, model=model, opt=optimizer)
        losses = []
        for x, y in loader:
            losses.append({"plain": step}[mode](x, y).detach())
        print(epoch, torch.stack(losses).mean().item())
    return model
