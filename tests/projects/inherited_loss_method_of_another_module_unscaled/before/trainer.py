import torch

from mixins import LossMixin


class Regressor(LossMixin):
    accumulate = 8

    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.AdamW(net.parameters(), lr=1e-3)

    def train_epoch(self, loader):
        for i, (inputs, targets) in enumerate(loader):
            self.batch_loss(inputs, targets).backward()
            if (i + 1) % self.accumulate == 0:
                self.opt.step()
                self.opt.zero_grad()
        if (i + 1) % self.accumulate != 0:
            self.opt.step()
            self.opt.zero_grad()


if __name__ == "__main__":
    Regressor(torch.nn.Linear(4, 1)).train_epoch([(torch.randn(2, 4), torch.randn(2, 1))] * 16)
