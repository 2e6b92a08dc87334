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
    for batch in loader:
        step_fn(*batch)


def main(loader):
    net = torch.nn.Linear(4, 1)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    fit(loader, functools.partial(amp_update, net, opt))
