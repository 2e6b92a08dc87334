import torch
import torch.nn as nn


def sweep(model, loader, lrs):
    parts = {"model": model}
    for lr in lrs:
        parts["opt"] = torch.optim.SGD(parts["model"].parameters(), lr=lr)
        parts["sched"] = torch.optim.lr_scheduler.LambdaLR(parts["opt"], lambda e: 0.9 ** e)
        for x, y in loader:
            parts["opt"].zero_grad()
            nn.functional.cross_entropy(parts["model"](x), y).backward()
            parts["opt"].step()
            parts["sched"].step()
