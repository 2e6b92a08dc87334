# The adapter class adds new factors around a frozen layer, and a new optimizer is built
# over the trainable parameters after the wrapping: the factors train.
import torch
from torch import nn


class Adapter(nn.Module):
    def __init__(self, layer, rank=4):
        super().__init__()
        self.layer = layer.requires_grad_(False)
        self.down = nn.Parameter(torch.zeros(rank, layer.in_features))
        self.up = nn.Parameter(torch.zeros(layer.out_features, rank))

    def forward(self, x):
        return self.layer(x) + (x @ self.down.t()) @ self.up.t()


def adapt(model, pretrain, finetune):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in pretrain:
        optimizer.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()
    model.encoder = Adapter(model.encoder)
    optimizer = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=0.01)
    for x, y in finetune:
        optimizer.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()
