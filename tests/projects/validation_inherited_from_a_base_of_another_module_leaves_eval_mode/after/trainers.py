# `self.score(...)` (EvalMixin) and `self.evaluate(...)` (BaseTrainer), both of evaluation.py,
# leave `self.net` in eval mode: every epoch after the first trains without dropout.
import torch
from torch import nn

from evaluation import BaseTrainer, EvalMixin


class Classifier(EvalMixin):
    def __init__(self):
        self.net = nn.Sequential(nn.Linear(16, 32), nn.Dropout(0.2), nn.Linear(32, 4))
        self.opt = torch.optim.SGD(self.net.parameters(), lr=0.1)

    def fit(self, loader, val_loader, epochs):
        for _ in range(epochs):
            for x, y in loader:
                self.opt.zero_grad()
                nn.functional.cross_entropy(self.net(x), y).backward()
                self.opt.step()
            print(self.score(val_loader))
            self.net.train()


class Regressor(BaseTrainer):
    def __init__(self):
        self.net = nn.Sequential(nn.Linear(16, 32), nn.Dropout(0.2), nn.Linear(32, 1))
        self.opt = torch.optim.Adam(self.net.parameters())

    def fit(self, loader, val_loader, epochs):
        for _ in range(epochs):
            for x, y in loader:
                self.opt.zero_grad()
                nn.functional.mse_loss(self.net(x), y).backward()
                self.opt.step()
            loss = self.evaluate(val_loader)
            self.net.train()
            print(loss)
