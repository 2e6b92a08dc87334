"""The base class's loop steps the scheduler first, then calls `self.train_step(batch)`, which
only the subclass defines and which steps the optimizer: the first learning rate is skipped."""
import torch
import torch.nn.functional as F
from torch import nn


class Trainer:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
        self.scheduler = torch.optim.lr_scheduler.StepLR(self.optimizer, step_size=2, gamma=0.5)

    def fit(self, epochs):
        for epoch in range(epochs):
            for batch in self.loader:
                self.scheduler.step()
                self.train_step(batch)


class RegressionTrainer(Trainer):
    def train_step(self, batch):
        x, y = batch
        self.optimizer.zero_grad(set_to_none=True)
        loss = F.mse_loss(self.model(x), y)
        loss.backward()
        self.optimizer.step()


data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
RegressionTrainer(nn.Linear(4, 1), data).fit(3)
