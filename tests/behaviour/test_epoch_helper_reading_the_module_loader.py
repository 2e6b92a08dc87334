"""GF019 on an epoch helper that iterates the module's own loader (a global it never receives:
`def train_one_epoch(): for x, y in loader: ...`) over a shuffling `DistributedSampler`, called
once per epoch with no `set_epoch`: every epoch saw one order. The fix gives the sampler the
epoch at the top of the epoch loop; the fixed script trains exactly like the hand fix, and not
like the buggy one."""

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
dataset = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
sampler = DistributedSampler(dataset, num_replicas=1, rank=0, shuffle=True)
loader = DataLoader(dataset, sampler=sampler, batch_size=8)
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
orders = []


def train_one_epoch():
    order = []
    for x, y in loader:
        order += x[:, 0].tolist()
        optimizer.zero_grad(set_to_none=True)
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
    orders.append(order)


for epoch in range(3):
HAND    train_one_epoch()

digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": [value for order in orders for value in order], "weights_sha256": digest.hexdigest()}))
'''


def test_the_sampler_is_given_the_epoch_before_the_helper_runs(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("HAND", "")
    hand = SCRIPT.replace("HAND", "    sampler.set_epoch(epoch)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF019")
