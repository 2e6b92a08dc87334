"""GF001 through an iterator-protocol trainer iterated by a name bound once to it (`batches =
Batches(net, data)` ... `for loss in batches:`): each iteration runs the object's `__next__`,
whose step never clears. The clear goes into the step method, and the fixed script trains
exactly like the hand-fixed one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)


class Batches:
    def __init__(self, net, data):
        self.net = net
        self.data = data
        self.optimizer = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
        self.position = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.position == len(self.data):
            raise StopIteration
        x, y = self.data[self.position]
        self.position += 1
        return self.update(x, y)

    def update(self, x, y):
{clear}        loss = nn.functional.mse_loss(self.net(x), y)
        loss.backward()
        self.optimizer.step()
        return loss.item()


net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(7)]
losses = []
for epoch in range(2):
    stepper = Batches(net, data)
    for loss in stepper:
        losses.append(loss)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
CLEAR = "        self.optimizer.zero_grad(set_to_none=True)\n"


def test_clear_added_to_the_step_of_a_named_iterator(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, SCRIPT.format(clear=""), SCRIPT.format(clear=CLEAR), "--select", "GF001")
