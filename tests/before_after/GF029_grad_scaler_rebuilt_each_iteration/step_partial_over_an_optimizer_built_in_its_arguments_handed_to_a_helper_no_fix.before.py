import functools

import torch


def amp_update(model, optimizer, x, y):
    scaler = torch.amp.GradScaler("cuda")
    optimizer.zero_grad()
    with torch.autocast("cuda", dtype=torch.float16):
        loss = torch.nn.functional.mse_loss(model(x), y)
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    return loss.item()


def fit(loader, step_fn):
    for x, y in loader:
        step_fn(x, y)


def main(loader):
    net = torch.nn.Linear(4, 1)
    fit(loader, functools.partial(amp_update, net, torch.optim.SGD(net.parameters(), lr=0.1)))
