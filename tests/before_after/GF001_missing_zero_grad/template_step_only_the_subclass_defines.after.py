"""A trainer base class whose epoch loop calls `self.train_step(batch)`, a method only its
subclass writes (no stub in the base): the subclass's step backpropagates and steps, and
nothing clears."""
import torch
import torch.nn.functional as F
from torch import nn


class Trainer:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)

    def fit(self, epochs):
        for epoch in range(epochs):
            for batch in self.loader:
                loss = self.train_step(batch)
                print(epoch, loss)


class RegressionTrainer(Trainer):
    def train_step(self, batch):
        self.optimizer.zero_grad(set_to_none=True)
        x, y = batch
        loss = F.mse_loss(self.model(x), y)
        loss.backward()
        self.optimizer.step()
        return loss.item()


data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
RegressionTrainer(nn.Linear(4, 1), data).fit(3)
