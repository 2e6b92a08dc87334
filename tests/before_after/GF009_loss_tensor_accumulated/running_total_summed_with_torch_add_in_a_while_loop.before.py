import torch
import torch.nn as nn


def train(network, sgd, stream, max_steps):
    criterion = nn.SmoothL1Loss()
    running = torch.tensor(0.0)
    n = 0
    while n < max_steps:
        x, y = next(stream)
        sgd.zero_grad()
        cost = criterion(network(x), y)
        cost.backward()
        sgd.step()
        running = torch.add(running, cost, alpha=1.0 / max_steps)
        n += 1
    print(f"mean cost {running.item():.4f}")
