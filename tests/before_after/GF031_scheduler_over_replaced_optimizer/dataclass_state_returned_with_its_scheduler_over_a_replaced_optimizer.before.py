import torch
import torch.nn as nn
from dataclasses import dataclass

torch.manual_seed(0)
loader = [(torch.randn(4, 8), torch.randint(0, 3, (4,))) for _ in range(5)]


@dataclass
class Run:
    net: nn.Module
    optimizer: object = None
    schedule: object = None


def setup(net):
    run = Run(net)
    run.optimizer = torch.optim.SGD(run.net.parameters(), lr=0.1, momentum=0.9)
    run.schedule = torch.optim.lr_scheduler.StepLR(run.optimizer, step_size=2)
    if len(loader) > 3:
        run.optimizer = torch.optim.SGD(run.net.parameters(), lr=0.05, momentum=0.9)
    return run


def one_epoch(r):
    k = 0
    while k < len(loader):
        x, y = loader[k]
        r.optimizer.zero_grad()
        nn.functional.cross_entropy(r.net(x), y).backward()
        r.optimizer.step()
        k += 1
    r.schedule.step()


def main():
    r = setup(nn.Linear(8, 3))
    for _ in range(3):
        one_epoch(r)


if __name__ == "__main__":
    main()
