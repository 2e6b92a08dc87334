# `torch.compile(Encoder())` compiles a brand-new model: the optimizer still holds the
# parameters of the one built first, which the loop no longer runs.
import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(32, 64), nn.GELU(), nn.Linear(64, 4))

    def forward(self, x):
        return self.layers(x)


encoder = Encoder()
opt = torch.optim.SGD(encoder.parameters(), lr=0.05, momentum=0.9)
encoder = torch.compile(Encoder())
for step, (x, y) in enumerate(batches):
    opt.zero_grad()
    nn.functional.cross_entropy(encoder(x), y).backward()
    opt.step()
