# Reported, with the fix: the only later use of the loss tensor is the `step` of torch's
# ReduceLROnPlateau, which reads its value as a number (`float(metrics)`) and never
# backpropagates; nothing walks the retained graph again. Also on `self` in a trainer's method.
import torch
import torch.nn as nn
from torch.optim.lr_scheduler import ReduceLROnPlateau


def fit(model, train_loader, epochs=5):
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer)
    for x in train_loader:
        optimizer.zero_grad()
        train_loss = model(x).pow(2).mean()
        train_loss.backward()
        optimizer.step()
        scheduler.step(train_loss)
    return train_loss.item()


class Trainer:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        self.plateau = ReduceLROnPlateau(self.optimizer, mode="min", patience=2)

    def train(self, epochs):
        for epoch in range(epochs):
            for x, y in self.loader:
                self.optimizer.zero_grad()
                loss = nn.functional.mse_loss(self.model(x), y)
                loss.backward(retain_graph=True)
                self.optimizer.step()
                self.plateau.step(metrics=loss)
