# A base trainer stores the optimizer it is handed behind a property; its epoch loop sets the
# rate as an attribute, and a subclass only overrides the step.
import torch
import torch.nn.functional as F
from torch import nn


class BaseTrainer:
    def __init__(self, model, optimizer, epochs=3):
        self.model = model
        self._optimizer = optimizer
        self.epochs = epochs

    @property
    def optimizer(self):
        return self._optimizer

    def train_step(self, x, y):
        raise NotImplementedError

    def __call__(self, loader):
        for epoch in range(self.epochs):
            if epoch == 1:
                self.optimizer.lr = 0.05
            for x, y in loader:
                loss = self.train_step(x, y)
        return loss


class ClassifierTrainer(BaseTrainer):
    def train_step(self, x, y):
        self.optimizer.zero_grad()
        loss = F.cross_entropy(self.model(x), y)
        loss.backward()
        self.optimizer.step()
        return loss


model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))
trainer = ClassifierTrainer(model, torch.optim.SGD(model.parameters(), lr=0.1))
trainer([(torch.randn(4, 8), torch.randint(0, 3, (4,))) for _ in range(5)])
