import types
from dataclasses import dataclass

import torch
import torch.nn as nn

torch.manual_seed(0)
loader = [(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(6)]


class Runner:
    def __init__(self, net, state):
        self.net = net
        self.state = state
        self.opt = torch.optim.SGD(net.parameters(), lr=0.1)
        self.state.lr_sched = torch.optim.lr_scheduler.StepLR(self.opt, step_size=3, gamma=0.5)

    def run(self, x, y):
        self.opt.zero_grad()
        nn.functional.mse_loss(self.net(x), y).backward()
        self.opt.step()
        self.state.lr_sched.step()


def main():
    state = types.SimpleNamespace(lr_sched=None)
    runner = Runner(nn.Linear(8, 1), state)
    for epoch in range(2):
        for x, y in loader:
            runner.run(x, y)


if __name__ == "__main__":
    main()
