import torch
from torch import nn

net = nn.Linear(3, 1)
inputs, targets = torch.randn(40, 3), torch.randn(40, 1)


def refine(net, iterations=4):
    optimizer = torch.optim.LBFGS(net.parameters(), max_iter=20)
    for _ in range(iterations):
        optimizer.zero_grad()

        def closure():
            optimizer.zero_grad(set_to_none=True)
            loss = nn.functional.mse_loss(net(inputs), targets)
            loss.backward()
            return loss

        optimizer.step(closure)


def warm_up(net, iterations=30):
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-2)
    for _ in range(iterations):
        def closure():
            optimizer.zero_grad()
            loss = nn.functional.mse_loss(net(inputs), targets)
            loss.backward()
            return loss

        optimizer.step(closure)


warm_up(net)
refine(net)
