import functools

import torch
from torch import nn


def learn(model, optimizer, x, y):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    optimizer.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    optimizer.step()


def loop(step_fn, data):
    it = iter(data)
    while (batch := next(it, None)) is not None:
        x, y = batch
        step_fn(x, y)


def main():
    model = nn.Linear(2, 1)
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    loop(functools.partial(learn, model, optimizer), [(torch.randn(4, 2), torch.randn(4, 1))] * 3)


main()
