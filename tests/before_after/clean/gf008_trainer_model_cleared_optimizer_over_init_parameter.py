import torch
import torch.nn as nn
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, lr):
        self.model, self.lr = model, lr
        self.opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            for x, y in loader:
                self.model.zero_grad()
                F.cross_entropy(self.model(x), y).backward()
                self.opt.step()
