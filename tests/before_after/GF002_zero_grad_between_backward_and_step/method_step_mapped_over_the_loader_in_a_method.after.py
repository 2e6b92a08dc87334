import torch
from torch import nn


class Learner:
    def __init__(self, encoder: nn.Module):
        self.encoder = encoder
        self.adam = torch.optim.Adam(encoder.parameters(), lr=1e-3)
        self.criterion = nn.MSELoss()

    def update(self, pair):
        self.adam.zero_grad(set_to_none=True)
        inputs, targets = pair
        error = self.criterion(self.encoder(inputs), targets)
        error.backward()
        self.adam.step()
        return error.item()

    def run_epoch(self, loader):
        return list(map(self.update, loader))
