"""GF019 on a loader held in a dict literal (`loaders["train"]`) built over a sampler bound to a
name first: the fix gives the epoch to that sampler at the top of the epoch loop (a `while`
here), and the fixed script trains exactly like the hand fix (the epochs' orders are what it
prints)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

torch.manual_seed(0)
torch.set_num_threads(1)
dataset = TensorDataset(torch.randn(24, 4), torch.randn(24, 1))
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
shuffler = DistributedSampler(dataset, num_replicas=1, rank=0)
loaders = {{"train": DataLoader(dataset, batch_size=6, sampler=shuffler), "eval": DataLoader(dataset, batch_size=12)}}
orders = []
epoch = 0
while epoch < 3:
{hand}    for x, y in loaders["train"]:
        orders += x[:, 0].tolist()
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
    epoch += 1
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": orders, "weights_sha256": digest.hexdigest()}}))
'''


def test_the_dict_entry_s_named_sampler_is_given_the_epoch(tmp_path: Path) -> None:
    buggy = SCRIPT.format(hand="")  # one order, every epoch
    hand = SCRIPT.format(hand="    shuffler.set_epoch(epoch)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF019")
