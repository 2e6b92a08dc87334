import torch

from driver import Driver
from updates import build_update


def main():
    net = torch.nn.Linear(3, 1)
    optim = torch.optim.Adam(net.parameters(), lr=0.01)
    samples = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(5)]
    print(Driver(build_update(net, optim), samples).go(2)[-1].loss)


if __name__ == "__main__":
    main()
