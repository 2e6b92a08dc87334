# Correct: `trainer` is an object of the module's class whose `step_loss` does the whole update
# and returns `loss.item()`, a Python float: the running total is a number, no graph (a
# `.detach()` there would raise AttributeError).
import torch
import torch.nn as nn


class Trainer:
    def __init__(self, model):
        self.model = model
        self.criterion = nn.MSELoss()
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

    def step_loss(self, x, y):
        self.optimizer.zero_grad()
        loss = self.criterion(self.model(x), y)
        loss.backward()
        self.optimizer.step()
        return loss.item()


def train(model, loader, epochs):
    trainer = Trainer(model)
    for epoch in range(epochs):
        total = 0.0
        for x, y in loader:
            total += trainer.step_loss(x, y)
        print(epoch, total / len(loader))
