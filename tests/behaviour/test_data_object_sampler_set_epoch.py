"""GF019 on a data class of the script that stores `self.train_sampler = DistributedSampler(...)`
and `self.train_loader = DataLoader(..., sampler=self.train_sampler)`, its loader iterated as
`data.train_loader` by the epoch loop (or through a name bound to it before the loop; the
sampler also built by a `functools.partial` of `DistributedSampler`, and with `set_epoch` called
only under `if rank == 0:`, `if not rank:`, `if is_main_process:` or `if local_rank in (-1, 0):`
on rank 1): the fix gives the epoch to `data.train_sampler`, and the
fixed script trains exactly like the hand fix (the orders of the epochs are what it prints)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

from functools import partial

import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

torch.manual_seed(0)
torch.set_num_threads(1)
orders = []
make_sampler = partial(DistributedSampler, num_replicas=2, shuffle=True)


class Data:
    def __init__(self, dataset):
        self.train_sampler = {make}
        self.train_loader = DataLoader(dataset, batch_size=8, sampler=self.train_sampler)


data = Data(TensorDataset(torch.randn(32, 4), torch.randn(32, 1)))
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
rank = 1
is_main_process = rank == 0
loader = data.train_loader
for epoch in range(3):
{hand}    order = []
    for x, y in {iterated}:
        order += x[:, 0].tolist()
        optimizer.zero_grad(set_to_none=True)
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
    orders.append(order)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": [value for order in orders for value in order], "weights_sha256": digest.hexdigest()}}))
'''


DIRECT = "DistributedSampler(dataset, num_replicas=2, rank=1)"
PARTIAL = "make_sampler(dataset, rank=1)"
RANK_ZERO = "    if rank == 0:\n        data.train_sampler.set_epoch(epoch)\n"
NOT_RANK = "    if not rank:\n        data.train_sampler.set_epoch(epoch)\n"
MAIN = "    if is_main_process:\n        data.train_sampler.set_epoch(epoch)\n"
LOCAL = "    if rank in (-1, 0):\n        data.train_sampler.set_epoch(epoch)\n"
SET = "    data.train_sampler.set_epoch(epoch)\n"
CASES = {
    # name: (how the sampler is built, what the loop iterates, what the epoch does already)
    "direct": (DIRECT, "data.train_loader", ""),
    "alias": (DIRECT, "loader", ""),
    "partial": (PARTIAL, "data.train_loader", ""),
    "rank_zero": (DIRECT, "data.train_loader", RANK_ZERO),
    "not_rank": (DIRECT, "data.train_loader", NOT_RANK),
    "main_process": (DIRECT, "data.train_loader", MAIN),
    "local_rank_in": (DIRECT, "data.train_loader", LOCAL),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_data_object_s_sampler_is_given_the_epoch(tmp_path: Path, case: str) -> None:
    make, iterated, already = CASES[case]
    buggy = SCRIPT.format(make=make, iterated=iterated, hand=already)  # one order, every epoch (on rank 1)
    hand = SCRIPT.format(make=make, iterated=iterated, hand=SET + already)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF019")
