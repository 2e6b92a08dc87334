# A low-rank adapter class of the file wraps a layer after the optimizer was built; its
# `__init__` creates the factors `down` and `up`, which the optimizer never steps.
import torch
from torch import nn


class LowRankAdapter(nn.Module):
    def __init__(self, layer, rank=4):
        super().__init__()
        self.layer = layer
        self.down = nn.Parameter(torch.zeros(rank, layer.in_features))
        self.up = nn.Parameter(torch.randn(layer.out_features, rank) * 0.02)

    def forward(self, x):
        return self.layer(x) + (x @ self.down.t()) @ self.up.t()


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(128, 128)
        self.out = nn.Linear(128, 9)

    def forward(self, x):
        return self.out(torch.tanh(self.proj(x)))


tagger = Tagger()
optim = torch.optim.Adam(tagger.parameters(), lr=1e-3)
tagger.proj = LowRankAdapter(tagger.proj)
for tokens, tags in train_batches:
    optim.zero_grad()
    nn.functional.cross_entropy(tagger(tokens), tags).backward()
    optim.step()
