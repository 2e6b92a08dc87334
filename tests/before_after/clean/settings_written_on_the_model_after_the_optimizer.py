import argparse

import torch
from torch import nn

SCALE = 2.0
parser = argparse.ArgumentParser()
parser.add_argument("--temperature", type=float, default=0.5)
args = parser.parse_args([])


class Scorer(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 1)
        self.temperature = 1.0
        self.scale = 1.0

    def forward(self, x):
        return self.fc(x) * self.scale / self.temperature


model = Scorer()
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
model.temperature = args.temperature
model.scale = SCALE


def train(loader, scale):
    model.scale = scale
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
