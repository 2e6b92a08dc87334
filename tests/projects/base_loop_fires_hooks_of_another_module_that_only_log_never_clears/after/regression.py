import torch

from engine import Engine
from plugins import History, Timer


class Regression(Engine):
    def forward_loss(self, batch):
        x, y = batch
        return torch.nn.functional.mse_loss(self.net(x), y)


def main():
    net = torch.nn.Linear(4, 1)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
    Regression(net, opt, batches, hooks=[Timer(), History()]).run(2)


if __name__ == "__main__":
    main()
