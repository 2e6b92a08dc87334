import types
from dataclasses import dataclass

import torch
import torch.nn as nn

torch.manual_seed(0)
loader = [(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(6)]


class Step:
    def __init__(self, net, opt, state):
        self.net = net
        self.opt = opt
        self.state = state

    def __call__(self, x, y):
        self.opt.zero_grad()
        self.state.scaler = torch.amp.GradScaler("cpu")
        loss = nn.functional.mse_loss(self.net(x), y)
        self.state.scaler.scale(loss).backward()
        self.state.scaler.step(self.opt)
        self.state.scaler.update()


def main():
    net = nn.Linear(8, 1)
    step = Step(net, torch.optim.SGD(net.parameters(), lr=0.1), types.SimpleNamespace(scaler=None))
    it = iter(loader)
    while (batch := next(it, None)) is not None:
        step(*batch)


if __name__ == "__main__":
    main()
