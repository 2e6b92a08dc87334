import torch
from torch import nn


class Probe(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))

    def forward(self, x):
        return self.body(x)

    def input_saliency(self, batches, limit):
        scores = torch.zeros(8)
        k = 0
        while k < limit:
            x, y = batches[k]
            loss = nn.functional.cross_entropy(self(x), y)
            loss.backward()
            scores += self.body[0].weight.grad.abs().sum(0)
            k += 1
        return scores
