import torch
from torch import nn


def finetune(net, data, opt, epochs=2):
    net.fc = nn.Linear(8, 2)
    for _ in range(epochs):
        for x, y in data:
            opt.zero_grad()
            nn.functional.cross_entropy(net(x), y).backward()
            opt.step()
    return net


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 8)
        self.fc = nn.Linear(8, 5)

    def forward(self, x):
        return self.fc(self.body(x).relu())


def main(data):
    net = Net()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    finetune(net, data, opt)
