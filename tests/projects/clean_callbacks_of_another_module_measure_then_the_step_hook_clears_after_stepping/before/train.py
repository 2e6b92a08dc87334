import torch

from loop.plugins import ApplyUpdate, NormMeter
from loop.runner import Runner


def main():
    torch.manual_seed(0)
    net = torch.nn.Linear(5, 3)
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    batches = [(torch.randn(6, 5), torch.randint(0, 3, (6,))) for _ in range(3)]
    plugins = [NormMeter(), ApplyUpdate()]
    Runner(net, opt, plugins).run(batches, epochs=2)


if __name__ == "__main__":
    main()
