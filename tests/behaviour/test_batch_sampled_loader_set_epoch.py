"""GF019 on a loader built with `batch_sampler=BatchSampler(DistributedSampler(...), ...)` and
handed to a `fit` helper: the fix gives the epoch to `loader.batch_sampler.sampler` (the
loader's `sampler` is a sequential one), and the fixed script trains exactly like the hand fix
(the orders of the epochs are what it prints)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch.utils.data import BatchSampler, DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

torch.manual_seed(0)
torch.set_num_threads(1)
orders = []


def fit(model, loader, optimizer, epochs):
    for ep in range(epochs):
{hand}        order = []
        for x, y in loader:
            order += x[:, 0].tolist()
            optimizer.zero_grad(set_to_none=True)
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
        orders.append(order)


dataset = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
sampler = DistributedSampler(dataset, num_replicas=1, rank=0, shuffle=True)
loader = DataLoader(dataset, batch_sampler=BatchSampler(sampler, batch_size=8, drop_last=True))
model = torch.nn.Linear(4, 1)
fit(model, loader, torch.optim.SGD(model.parameters(), lr=0.05), 3)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": [value for order in orders for value in order], "weights_sha256": digest.hexdigest()}}))
'''


def test_the_batch_sampler_s_sampler_is_given_the_epoch(tmp_path: Path) -> None:
    buggy = SCRIPT.format(hand="")  # one order, every epoch
    hand = SCRIPT.format(
        hand="        if isinstance(loader.batch_sampler.sampler, DistributedSampler):\n"
        "            loader.batch_sampler.sampler.set_epoch(ep)\n"
    )
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF019")
