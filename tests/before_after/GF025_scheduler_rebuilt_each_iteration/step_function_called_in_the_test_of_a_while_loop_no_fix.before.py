import torch
from torch.optim.lr_scheduler import StepLR


def step(net, optimizer, x, y):
    scheduler = StepLR(optimizer, step_size=10, gamma=0.5)
    optimizer.zero_grad()
    loss = torch.nn.functional.mse_loss(net(x), y)
    loss.backward()
    optimizer.step()
    scheduler.step()
    return loss.item()


def run(net, x, y, tol=0.01):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    rounds = 0
    while step(net, optimizer, x, y) > tol and rounds < 500:
        rounds += 1
