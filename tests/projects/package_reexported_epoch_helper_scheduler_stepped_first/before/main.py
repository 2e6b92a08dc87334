import sys

import torch

sys.path.insert(0, "src")

from toolkit import run_epoch  # noqa: E402


def main():
    net = torch.nn.Linear(4, 1)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.9)
    batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
    for epoch in range(5):
        sched.step()
        run_epoch(net, opt, batches)


if __name__ == "__main__":
    main()
