import torch

from loop.plugins import ApplyUpdate, CapNorm, Meter
from loop.runner import Runner


def main():
    torch.manual_seed(0)
    net = torch.nn.Linear(5, 3)
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    batches = [(torch.randn(6, 5), torch.randint(0, 3, (6,))) for _ in range(3)]
    runner = Runner(net, opt, plugins=[CapNorm(1.0), ApplyUpdate(), Meter()])
    runner.run(batches, epochs=2)
    print(net.weight.sum().item())


if __name__ == "__main__":
    main()
