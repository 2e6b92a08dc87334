import torch
from torch import nn

from trainers.core import Core


class Regressor(Core):
    def __init__(self, net):
        super().__init__(net, learning_rate=3e-4)
        self.history = []

    def train_epochs(self, loader, val_loader, epochs):
        for epoch in range(epochs):
            for x, y in loader:
                self.opt.zero_grad()
                loss = nn.functional.mse_loss(self.net(x), y)
                loss.backward()
                self.opt.step()
            self.history.append(self.validate(val_loader))


net = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.1), nn.Linear(8, 1))
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
Regressor(net).train_epochs(data, data[:1], 2)
