import torch
from torch import nn


def fit_once(net, rows, loader, opt, sched, kind):
    mse = nn.MSELoss()
    if kind == "dense":
        pred = net(rows)
        cost = mse(pred, rows)
        opt.zero_grad()
        cost.backward()
        opt.step()
        return cost.item()
    elif kind == "windowed":
        total = 0.0
        for window in loader:
            cost = mse(net(window), window)
            total += cost.item()
            opt.zero_grad()
            cost.backward()
            opt.step()
        sched.step()
        return total
    else:
        pred = net(rows)
        cost = mse(pred, rows) + 0.01 * pred.abs().mean()
        opt.zero_grad()
        cost.backward()
        opt.step()
        return cost.item()
