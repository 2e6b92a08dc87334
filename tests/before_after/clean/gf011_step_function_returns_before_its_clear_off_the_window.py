import torch
from torch import nn

ACCUM = 4


def train_step(model, optimizer, batch, i):
    x, y = batch
    loss = nn.functional.mse_loss(model(x), y) / ACCUM
    if not torch.isfinite(loss):
        return float("nan")  # skipped before its backward: it adds nothing to the window
    loss.backward()
    if (i + 1) % ACCUM != 0:
        return loss.item()  # not the window's end: the clear below is the window's
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)
    return loss.item()


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    for epoch in range(epochs):
        losses = [train_step(model, optimizer, batch, i) for i, batch in enumerate(loader)]
        print(epoch, losses[-1])
