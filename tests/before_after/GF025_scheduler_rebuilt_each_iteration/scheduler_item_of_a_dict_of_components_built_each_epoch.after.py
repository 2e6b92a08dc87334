import torch
import torch.nn as nn


def fit(loader, epochs=12):
    parts = {"model": nn.Linear(10, 2), "loss": nn.CrossEntropyLoss()}
    parts["opt"] = torch.optim.SGD(parts["model"].parameters(), lr=0.1)
    parts["sched"] = torch.optim.lr_scheduler.LambdaLR(parts["opt"], lambda e: 0.9 ** e)
    for epoch in range(epochs):
        for x, y in loader:
            parts["opt"].zero_grad()
            parts["loss"](parts["model"](x), y).backward()
            parts["opt"].step()
        parts["sched"].step()
    return parts["model"]
