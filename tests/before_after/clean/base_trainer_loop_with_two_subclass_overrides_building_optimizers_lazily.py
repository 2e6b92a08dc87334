import torch
import torch.nn as nn


class BaseTrainer:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.opt = None

    def training_step(self, x, y):
        raise NotImplementedError

    def fit(self, epochs):
        for epoch in range(epochs):
            for x, y in self.loader:
                self.training_step(x, y)


class AdamTrainer(BaseTrainer):
    def training_step(self, x, y):
        if self.opt is None:
            self.opt = torch.optim.Adam(self.model.parameters(), lr=1e-3)
        self.opt.zero_grad()
        nn.functional.mse_loss(self.model(x), y).backward()
        self.opt.step()


class PlainTrainer(BaseTrainer):
    def training_step(self, x, y):
        opt = torch.optim.SGD(self.model.parameters(), lr=0.1)
        opt.zero_grad()
        nn.functional.mse_loss(self.model(x), y).backward()
        opt.step()


AdamTrainer(nn.Linear(4, 1), [(torch.randn(8, 4), torch.randn(8, 1))]).fit(2)
PlainTrainer(nn.Linear(4, 1), [(torch.randn(8, 4), torch.randn(8, 1))]).fit(2)
