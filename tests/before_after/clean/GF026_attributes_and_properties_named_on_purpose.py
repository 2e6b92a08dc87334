"""Statements that name an attribute on purpose, or a method of something that is not an
optimizer, a scheduler, a scaler or a module: none of them is a training method left uncalled."""
import argparse

import torch
from torch import nn

parser = argparse.ArgumentParser()
parser.add_argument("--step", type=int, default=1)
args = parser.parse_args()


class WarmupSchedule:
    def __init__(self):
        self.count = 0

    @property
    def step(self):
        self.count += 1
        return self.count


class BiEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.forward_rnn = nn.GRU(3, 4)
        self.backward = nn.GRU(3, 4)

    def probe(self):
        self.backward  # a layer, not a method


class Split:
    train = [(torch.randn(4, 3), torch.randn(4, 1))] * 3


class Trainer:
    def __init__(self, net):
        self.net = net

    def state_dict(self):
        return {"net": self.net.state_dict()}

    def train(self, batches):
        return len(batches)

    def describe(self):
        self.state_dict()
        self.train  # a trainer's own method (calling it would run a training), named on purpose
        return self.train.__doc__


model = nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
schedule = WarmupSchedule()
data = Split()

model.training  # shown in a notebook
optimizer.param_groups
model[0].weight
data.train
args.step
schedule.step  # a property: reading it counts
torch.Tensor.backward
nn.Module.train

for x, y in data.train:
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    schedule.step
