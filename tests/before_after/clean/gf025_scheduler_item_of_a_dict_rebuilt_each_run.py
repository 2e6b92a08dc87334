import torch
import torch.nn as nn


def sweep(make_model, loader, lrs):
    for lr in lrs:
        model = make_model()
        parts = {"opt": torch.optim.SGD(model.parameters(), lr=lr)}
        parts["sched"] = torch.optim.lr_scheduler.LambdaLR(parts["opt"], lambda e: 0.9 ** e)
        for x, y in loader:
            parts["opt"].zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            parts["opt"].step()
            parts["sched"].step()
