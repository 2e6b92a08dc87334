import torch
import torch.nn as nn


class BaseTrainer:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.1)

    def training_step(self, x, y):
        raise NotImplementedError

    def fit(self, epochs):
        for epoch in range(epochs):
            for x, y in self.loader:
                loss = self.training_step(x, y)
                print(epoch, loss.item())


class AdamTrainer(BaseTrainer):
    def training_step(self, x, y):
        self.opt = torch.optim.Adam(self.model.parameters(), lr=1e-3)
        self.opt.zero_grad()
        loss = nn.functional.mse_loss(self.model(x), y)
        loss.backward()
        self.opt.step()
        return loss


AdamTrainer(nn.Linear(4, 1), [(torch.randn(8, 4), torch.randn(8, 1))]).fit(3)
