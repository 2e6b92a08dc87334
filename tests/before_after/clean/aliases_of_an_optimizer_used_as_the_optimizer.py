import torch
from torch import nn


def run(data, epochs):
    """Another name for the optimizer, its rate set in the parameter groups, the model
    cleared whole (the optimizer owns only it), the head replaced before the optimizer."""
    net = nn.Sequential(nn.Linear(5, 10), nn.ReLU(), nn.Linear(10, 2))
    net[2] = nn.Linear(10, 3)
    adam = torch.optim.Adam(net.parameters(), lr=1e-3)
    tuner = adam
    step = tuner.step
    for epoch in range(epochs):
        for group in tuner.param_groups:
            group["lr"] = 1e-3 * 0.9 ** epoch
        for xb, yb in data:
            net.zero_grad()
            nn.functional.cross_entropy(net(xb), yb).backward()
            step()


def rebound(data, model, head):
    """The alias rebound to another optimizer: `opt` is not `first` in the loop."""
    first = torch.optim.SGD(model.parameters(), lr=0.1)
    opt = first
    if head is not None:
        opt = torch.optim.SGD([*model.parameters(), *head.parameters()], lr=0.1)
    for xb, yb in data:
        opt.zero_grad()
        nn.functional.mse_loss(model(xb), yb).backward()
        opt.step()


def switched(data, model):
    """The layer replaced after the optimizer, which is built again over the new model; the
    old name's alias is never used after."""
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    old = opt
    print(old)
    model[0] = nn.Linear(4, 4)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for xb, yb in data:
        opt.zero_grad()
        nn.functional.mse_loss(model(xb), yb).backward()
        opt.step()
