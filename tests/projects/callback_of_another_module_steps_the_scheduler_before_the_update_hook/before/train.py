import torch

from loop.plugins import ApplyUpdate, Warmup
from loop.runner import Runner


def main():
    torch.manual_seed(0)
    net = torch.nn.Linear(5, 3)
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    schedule = torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.1, total_iters=4)
    batches = [(torch.randn(6, 5), torch.randint(0, 3, (6,))) for _ in range(3)]
    Runner(net, opt, plugins=(Warmup(schedule), ApplyUpdate())).run(batches, epochs=2)


if __name__ == "__main__":
    main()
