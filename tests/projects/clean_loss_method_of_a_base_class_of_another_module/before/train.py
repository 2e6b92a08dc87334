# Correct: `self.reduced_loss(loss)` is the base class's method (another module of the project),
# which returns a float: the history keeps numbers, no graph (a `.detach()` there would raise
# AttributeError).
import torch.nn as nn

from trainers.base import BaseTrainer


class Trainer(BaseTrainer):
    def __init__(self, model):
        super().__init__(model, nn.MSELoss())

    def train(self, loader, epochs):
        history = []
        for epoch in range(epochs):
            for x, y in loader:
                self.optimizer.zero_grad()
                loss = self.criterion(self.model(x), y)
                loss.backward()
                self.optimizer.step()
                history.append(self.reduced_loss(loss))
        return history
