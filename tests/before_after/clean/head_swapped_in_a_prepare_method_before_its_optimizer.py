import torch
from torch import nn


class Finetune:
    def __init__(self):
        self.net = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 10))

    def prepare(self, num_classes):
        self.net[2] = nn.Linear(32, num_classes)
        self.opt = torch.optim.AdamW(self.net.parameters(), lr=3e-4)

    def train(self, loader):
        for x, y in loader:
            self.opt.zero_grad()
            nn.functional.cross_entropy(self.net(x), y).backward()
            self.opt.step()
