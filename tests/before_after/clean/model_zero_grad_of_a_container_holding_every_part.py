import itertools

import torch
from torch import nn


class TwoPart(nn.Module):
    def __init__(self, encoder, head):
        super().__init__()
        self.encoder = encoder
        self.head = head

    def forward(self, x):
        return self.head(torch.relu(self.encoder(x)))


encoder = nn.Linear(16, 32)
head = nn.Linear(32, 4)
model = TwoPart(encoder, head)
parts = nn.ModuleList([encoder, head])
optimizer = torch.optim.SGD(itertools.chain(encoder.parameters(), head.parameters()), lr=0.05)
head_lr = torch.optim.Adam(list(encoder.parameters()) + list(head.parameters()), lr=1e-3)


def train(loader):
    for x, y in loader:
        model.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()


def train_again(loader):
    for x, y in loader:
        parts.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        head_lr.step()
