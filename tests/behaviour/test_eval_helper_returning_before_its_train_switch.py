"""GF017 through a scoring helper whose `train()` switch is written after its `return` (dead
code, so the network stays in eval mode): a method of a trainer class called from a `for` loop
of epochs, and a plain function called from a `while` loop of rounds.
The fix switches the network back to training mode after the call; the fixed script trains
exactly like the hand-fixed one (dropout on in every step), the buggy one otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEADER = '''import hashlib
import json

import torch
from torch import nn

LOSSES = []


def batches(seed, count):
    g = torch.Generator().manual_seed(seed)
    return [(torch.randn(6, 5, generator=g), torch.randint(0, 3, (6,), generator=g)) for _ in range(count)]


def report(net):
    digest = hashlib.sha256()
    for param in net.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({{"losses": LOSSES, "weights_sha256": digest.hexdigest()}}))


torch.manual_seed(0)
torch.set_num_threads(1)
network = nn.Sequential(nn.Linear(5, 12), nn.ReLU(), nn.Dropout(0.4), nn.Linear(12, 3))
'''

METHOD = HEADER + '''

class Fitter:
    def __init__(self, net, data):
        self.net = net
        self.data = data
        self.opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)

    def score(self):
        self.net.eval()
        with torch.no_grad():
            total = sum(nn.functional.cross_entropy(self.net(x), y).item() for x, y in self.data)
        return total
        self.net.train()

    def fit(self, epochs):
        for epoch in range(epochs):
            for x, y in self.data:
                self.opt.zero_grad(set_to_none=True)
                loss = nn.functional.cross_entropy(self.net(x), y)
                loss.backward()
                self.opt.step()
                LOSSES.append(loss.item())
            LOSSES.append(self.score())
{restore}

Fitter(network, batches(1, 4)).fit(3)
report(network)
'''

FUNCTION = HEADER + '''

def held_out_loss(model, pairs):
    model.eval()
    with torch.no_grad():
        value = sum(nn.functional.cross_entropy(model(a), b).item() for a, b in pairs)
    return value
    model.train()


def run(model, train_pairs, val_pairs, rounds):
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    done = 0
    while done < rounds:
        for a, b in train_pairs:
            opt.zero_grad(set_to_none=True)
            loss = nn.functional.cross_entropy(model(a), b)
            loss.backward()
            opt.step()
            LOSSES.append(loss.item())
        LOSSES.append(held_out_loss(model, val_pairs))
{restore}        done += 1


run(network, batches(2, 4), batches(3, 2), 3)
report(network)
'''


def test_method_returning_before_its_train_switch(tmp_path: Path) -> None:
    buggy = METHOD.format(restore="")
    hand = METHOD.format(restore="            self.net.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")


def test_function_returning_before_its_train_switch(tmp_path: Path) -> None:
    buggy = FUNCTION.format(restore="")
    hand = FUNCTION.format(restore="        model.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
