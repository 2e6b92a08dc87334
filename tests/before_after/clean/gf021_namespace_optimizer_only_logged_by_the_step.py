import types
from dataclasses import dataclass

import torch
import torch.nn as nn

torch.manual_seed(0)
loader = [(torch.randn(4, 8), torch.randint(0, 3, (4,))) for _ in range(5)]


def prepare(ctx):
    ctx.optimizer = torch.optim.Adam(ctx.net.parameters(), lr=1e-3)
    ctx.net.fc = nn.Linear(16, 3)


def train_batch(ctx, x, y):
    print(ctx.optimizer.param_groups[0]["lr"])
    fresh = torch.optim.SGD(ctx.net.parameters(), lr=0.1)
    fresh.zero_grad()
    nn.functional.cross_entropy(ctx.net(x), y).backward()
    fresh.step()


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(8, 16)
        self.fc = nn.Linear(16, 3)

    def forward(self, x):
        return self.fc(torch.relu(self.body(x)))


def main():
    ctx = types.SimpleNamespace(net=Net())
    prepare(ctx)
    for epoch in range(2):
        for x, y in loader:
            train_batch(ctx, x, y)


if __name__ == "__main__":
    main()
