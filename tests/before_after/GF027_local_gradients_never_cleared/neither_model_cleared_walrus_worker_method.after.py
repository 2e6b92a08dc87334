import torch
from torch import nn


class Worker:
    def __init__(self, center: nn.Module, center_opt) -> None:
        self.center = center
        self.center_opt = center_opt
        self.net = nn.Linear(4, 1)

    def work(self, rollouts) -> None:
        it = iter(rollouts)
        while (batch := next(it, None)) is not None:
            states, targets = batch
            self.net.load_state_dict(self.center.state_dict())
            err = (self.net(states).squeeze(-1) - targets).pow(2).mean()
            self.net.zero_grad()
            err.backward()
            for mine, theirs in zip(self.net.parameters(), self.center.parameters()):
                theirs.grad = mine.grad
            self.center_opt.step()


center = nn.Linear(4, 1)
Worker(center, torch.optim.RMSprop(center.parameters(), lr=1e-3)).work([(torch.randn(5, 4), torch.randn(5))] * 4)
