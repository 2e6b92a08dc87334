"""GF019 when the sampler's own name cannot reach the epoch loop: a `DistributedSampler` local
to the `__init__` that stores `self.loader` over it (the epoch loop in another method), and a
sampler name bound again to the `BatchSampler` over it before the loader is built. The fix
reads the sampler through the loader (`self.loader.sampler`, `batches.batch_sampler.sampler`,
guarded when the name may hold another sampler), and the fixed script trains exactly like the
hand fix (the orders of the epochs are what it prints)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

_REPORT = '''digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": [value for order in orders for value in order], "weights_sha256": digest.hexdigest()}}))
'''

TRAINER = '''import hashlib
import json

import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

torch.manual_seed(0)
torch.set_num_threads(1)
orders = []


class Fitter:
    def __init__(self, data, net, rounds):
        shard = DistributedSampler(data, num_replicas=1, rank=0)
        self.feed = DataLoader(data, batch_size=8, sampler=shard)
        self.net = net
        self.opt = torch.optim.SGD(net.parameters(), lr=0.05)
        self.rounds = rounds

    def fit(self):
        for r in range(self.rounds):
{hand}            order = []
            for x, y in self.feed:
                order += x[:, 0].tolist()
                self.opt.zero_grad()
                torch.nn.functional.mse_loss(self.net(x), y).backward()
                self.opt.step()
            orders.append(order)


model = torch.nn.Linear(4, 1)
Fitter(TensorDataset(torch.randn(32, 4), torch.randn(32, 1)), model, 3).fit()
''' + _REPORT

REBOUND = '''import hashlib
import json

import torch
from torch.utils.data import BatchSampler, DataLoader, SequentialSampler, TensorDataset
from torch.utils.data.distributed import DistributedSampler

torch.manual_seed(0)
torch.set_num_threads(1)
orders = []


def train(model, dataset, epochs, spread):
    if spread:
        order = DistributedSampler(dataset, num_replicas=1, rank=0)
    else:
        order = SequentialSampler(dataset)
    order = BatchSampler(order, batch_size=8, drop_last=False)
    batches = DataLoader(dataset, batch_sampler=order)
    sgd = torch.optim.SGD(model.parameters(), lr=0.05)
    epoch = 0
    while epoch < epochs:
{hand}        seen = []
        for xb, yb in batches:
            seen += xb[:, 0].tolist()
            sgd.zero_grad()
            ((model(xb) - yb) ** 2).mean().backward()
            sgd.step()
        orders.append(seen)
        epoch += 1


model = torch.nn.Linear(4, 1)
train(model, TensorDataset(torch.randn(32, 4), torch.randn(32, 1)), 3, True)
''' + _REPORT


def test_a_sampler_local_to_init_is_read_through_the_stored_loader(tmp_path: Path) -> None:
    buggy = TRAINER.format(hand="")  # one order, every epoch
    hand = TRAINER.format(hand="            self.feed.sampler.set_epoch(r)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF019")


def test_a_sampler_name_rebound_to_its_batch_sampler_is_read_through_the_loader(tmp_path: Path) -> None:
    buggy = REBOUND.format(hand="")
    hand = REBOUND.format(
        hand="        if isinstance(batches.batch_sampler.sampler, DistributedSampler):\n"
        "            batches.batch_sampler.sampler.set_epoch(epoch)\n"
    )
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF019")
