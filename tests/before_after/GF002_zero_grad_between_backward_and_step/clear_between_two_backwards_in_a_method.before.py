# A trainer method clears its optimizer again between two losses' backward passes: the first
# loss's gradients are gone before the step. The clear at the top stays; the second goes.
import torch
from torch import nn


class PairTrainer:
    def __init__(self, net_a, net_b):
        self.net_a = net_a
        self.net_b = net_b
        self.optim = torch.optim.Adam(list(net_a.parameters()) + list(net_b.parameters()), lr=1e-3)

    def fit(self, loader):
        for inputs, targets in loader:
            self.optim.zero_grad()
            loss_one = nn.functional.mse_loss(self.net_a(inputs), targets)
            loss_one.backward()
            self.optim.zero_grad()
            loss_two = nn.functional.mse_loss(self.net_b(inputs), targets)
            loss_two.backward()
            self.optim.step()
