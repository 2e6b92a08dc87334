"""Four TinyMLP trainings, each with an optimizer named `optimizer`: a re-exported project
class, a class inheriting its zero_grad() from a project base, Apex's FusedAdam (the stand-in
in ../vendor: Apex is not installable here) and torch's SGD. Only the last one's zero_grad
takes set_to_none."""
import hashlib
import json
import os
import sys

import torch
from torch import nn

from pkg import optim
from pkg.optim import WrappedOptimizer

sys.path.append(os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "vendor"))
from apex.optimizers import FusedAdam  # noqa: E402

torch.manual_seed(0)
torch.set_num_threads(1)
inputs = torch.randn(512, 32)
labels = (inputs @ torch.randn(32, 3)).argmax(1)
batches = [(inputs[i : i + 64], labels[i : i + 64]) for i in range(0, 512, 64)]


def tiny_mlp():
    torch.manual_seed(1)
    return nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 3))


def train_wrapped(model):
    optimizer = WrappedOptimizer(model.parameters(), lr=3e-3)
    losses = []
    for x, y in batches:
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


def train_named(model):
    optimizer = optim.NamedOpt(model.parameters(), lr=0.05)
    losses = []
    epoch = 0
    while epoch < 2:
        for x, y in batches:
            loss = nn.functional.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
        epoch += 1
    return losses


def train_fused(model):
    optimizer = FusedAdam(model.parameters(), lr=0.05)
    losses = []
    for x, y in batches:
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


def train_plain(model):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    losses = []
    for x, y in batches:
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


models = [tiny_mlp() for _ in range(4)]
losses = train_wrapped(models[0]) + train_named(models[1]) + train_fused(models[2]) + train_plain(models[3])
digest = hashlib.sha256()
for model in models:
    for param in model.parameters():  # raw float32 bytes, in model.parameters() order
        digest.update(bytes(param.detach().to(torch.float32).contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
