import torch
import torch.nn as nn
from dataclasses import dataclass

torch.manual_seed(0)
loader = [(torch.randn(4, 8), torch.randint(0, 3, (4,))) for _ in range(5)]


class Box:
    def __init__(self, net):
        self.net = net


def fit(net):
    box = Box(net)
    box.optim = torch.optim.Adam(box.net.parameters(), lr=1e-3)
    box.lr_sched = torch.optim.lr_scheduler.ExponentialLR(box.optim, gamma=0.9)
    box.optim = torch.optim.SGD(box.net.parameters(), lr=0.1)
    for epoch in range(3):
        for x, y in loader:
            box.optim.zero_grad()
            nn.functional.cross_entropy(box.net(x), y).backward()
            box.optim.step()
        box.lr_sched.step()
    return box


if __name__ == "__main__":
    fit(nn.Linear(8, 3))
