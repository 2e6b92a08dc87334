# The poly schedule is built once, before the training, and stepped before the optimizer at
# every batch: the first learning rate is never used and the decay runs one batch ahead.
import torch
from torch import nn
from torch.optim.lr_scheduler import LambdaLR


def fit(net, batches, optimizer, epochs):
    total = epochs * len(batches)
    schedule = LambdaLR(optimizer, lambda done: (1 - done / total) ** 0.9)
    for epoch in range(epochs):
        net.train()
        for x, y in batches:
            optimizer.zero_grad()
            nn.functional.smooth_l1_loss(net(x), y).backward()
            optimizer.step()
            schedule.step()


if __name__ == "__main__":
    net = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 1))
    optimizer = torch.optim.SGD(net.parameters(), lr=0.05)
    batches = [(torch.randn(5, 6), torch.randn(5, 1)) for _ in range(4)]
    fit(net, batches, optimizer, 3)
