import torch
from torch import nn


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optim = torch.optim.Adam(model.parameters(), lr=1e-3)

    def decay(self, epoch):
        self.optim.lr = 1e-3 * 0.9 ** epoch
        for param_group in self.optim.param_groups:
            param_group["lr"] = self.optim.lr
        for group in self.optim.param_groups:
            current = group["lr"]

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            self.decay(epoch)
            for x, y in loader:
                self.optim.zero_grad(set_to_none=True)
                nn.functional.mse_loss(self.model(x), y).backward()
                self.optim.step()
