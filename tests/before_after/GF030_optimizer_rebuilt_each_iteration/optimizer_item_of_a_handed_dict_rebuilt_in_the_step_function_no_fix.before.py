import torch
from torch import nn


def step(env, x, y):
    env["opt"] = torch.optim.SGD(env["model"].parameters(), lr=0.1, momentum=0.9)
    env["opt"].zero_grad()
    loss = nn.functional.mse_loss(env["model"](x), y)
    loss.backward()
    env["opt"].step()


def main(loader):
    env = {"model": nn.Linear(16, 1)}
    for epoch in range(10):
        for x, y in loader:
            step(env, x, y)
