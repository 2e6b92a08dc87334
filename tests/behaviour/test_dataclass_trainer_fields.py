"""A trainer written as a `@dataclass`: its fields are bound as a hand-written `__init__`
binds its arguments, so what the epoch loop reads through `self` (here the loader over a
shuffling `DistributedSampler`) is what the caller passed. GF019's fix gives the sampler the
epoch, and the fixed script trains exactly like the hand fix (the orders of the epochs are
what it prints)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

TRAINER = '''import hashlib
import json
from dataclasses import dataclass

import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

torch.manual_seed(0)
torch.set_num_threads(1)
orders = []


@dataclass
class Fitter:
    net: torch.nn.Module
    opt: torch.optim.Optimizer
    feed: DataLoader
    rounds: int = 3

    def fit(self):
        for r in range(self.rounds):
{hand}            order = []
            for x, y in self.feed:
                order += x[:, 0].tolist()
                self.opt.zero_grad()
                torch.nn.functional.mse_loss(self.net(x), y).backward()
                self.opt.step()
            orders.append(order)


data = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
model = torch.nn.Linear(4, 1)
feed = DataLoader(data, batch_size=8, sampler=DistributedSampler(data, num_replicas=1, rank=0))
Fitter(model, torch.optim.SGD(model.parameters(), lr=0.05), feed).fit()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": [value for order in orders for value in order], "weights_sha256": digest.hexdigest()}}))
'''


def test_a_dataclass_trainers_loader_field_gets_the_epoch(tmp_path: Path) -> None:
    buggy = TRAINER.format(hand="")  # one order, every epoch
    hand = TRAINER.format(
        hand="            if isinstance(self.feed.sampler, DistributedSampler):\n"
        "                self.feed.sampler.set_epoch(r)\n"
    )
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF019")
