# `score` switches back itself; `evaluate` calls the trainer's own `after_evaluation`, which does.
import torch
from torch import nn

from evaluation import HookedEvalMixin, RestoringEvalMixin


class Classifier(RestoringEvalMixin):
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


class Regressor(HookedEvalMixin):
    def __init__(self):
        self.net = nn.Sequential(nn.Linear(16, 32), nn.Dropout(0.2), nn.Linear(32, 1))
        self.opt = torch.optim.Adam(self.net.parameters())

    def after_evaluation(self):
        self.net.train()

    def fit(self, loader, val_loader, epochs):
        for _ in range(epochs):
            for x, y in loader:
                self.opt.zero_grad()
                nn.functional.mse_loss(self.net(x), y).backward()
                self.opt.step()
            print(self.evaluate(val_loader))
