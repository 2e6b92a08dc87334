import torch
from torch import nn


class Probe:
    def __init__(self, encoder, head):
        self.encoder = encoder
        self.head = head
        self.model = nn.Sequential(encoder, head)

    def configure(self, lr):
        for p in self.encoder.parameters():
            p.requires_grad = False
        self.optimizer = torch.optim.SGD([p for p in self.model.parameters() if p.requires_grad], lr=lr)
        for p in self.encoder.parameters():
            p.requires_grad = True

    def fit(self, loader, epochs):
        for _ in range(epochs):
            for x, y in loader:
                self.optimizer.zero_grad()
                torch.nn.functional.mse_loss(self.model(x), y).backward()
                self.optimizer.step()
