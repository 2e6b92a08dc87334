import torch
from torch import nn


def setup(state):
    state["optimizer"] = torch.optim.SGD(state["net"].parameters(), lr=0.1, momentum=0.9)


def one_batch(state, inputs, targets):
    state["optimizer"].zero_grad()
    loss = nn.functional.mse_loss(state["net"](inputs), targets)
    loss.backward()
    state["optimizer"].step()
    state["schedule"] = torch.optim.lr_scheduler.LambdaLR(state["optimizer"], lambda n: 0.95 ** n)
    state["schedule"].step()
    return loss.item()


def main(loader):
    state = {"net": nn.Linear(8, 1)}
    setup(state)
    for epoch in range(3):
        for inputs, targets in loader:
            one_batch(state, inputs, targets)
    return state["net"]
