import torch
from torch import nn


class TwoStageFit:
    def __init__(self, model, loader):
        self.model, self.loader = model, loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        self.scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(self.optimizer, T_max=10)

    def __call__(self, epochs, switch_at):
        for epoch in range(epochs):
            if epoch == switch_at:
                # second stage: Adam from here on
                self.optimizer = torch.optim.Adam(self.model.parameters(), lr=1e-3)
                self.scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(self.optimizer, T_max=epochs - epoch)
            for x, y in self.loader:
                self.optimizer.zero_grad()
                nn.functional.mse_loss(self.model(x), y).backward()
                self.optimizer.step()
            self.scheduler.step()


def main(model, loader):
    fit = TwoStageFit(model, loader)
    fit(10, switch_at=5)
