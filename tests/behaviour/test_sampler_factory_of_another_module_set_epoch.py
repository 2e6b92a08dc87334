"""GF019 on a shuffling `DistributedSampler` a function of another module of the project returns
(`sampler = build_sampler(dataset)` from `distutil.py`, then `DataLoader(dataset,
sampler=sampler)` here; also `dist_utils.make_train_sampler(...)` through a module alias, read by
a `while` epoch loop): the fix gives the sampler its epoch at the top of the epoch loop, and the
fixed script trains exactly like the hand fix (the orders of the epochs are what it prints), not
like the buggy one. `distutil.py` stays as it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

DISTUTIL = '''from torch.utils.data.distributed import DistributedSampler


def build_sampler(dataset, shuffle=True):
    return DistributedSampler(dataset, num_replicas=2, rank=1, shuffle=shuffle, seed=3)


def make_train_sampler(dataset):
    return DistributedSampler(dataset, num_replicas=2, rank=0)
'''

HEAD = '''import hashlib
import json

import torch
from torch.utils.data import DataLoader, TensorDataset

{imports}

torch.manual_seed(0)
torch.set_num_threads(1)
dataset = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
{sampler}
loader = DataLoader(dataset, batch_size=4, sampler={name})
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
orders = []
'''

FOR_LOOP = '''for epoch in range(3):
HAND    order = []
    for x, y in loader:
        order += x[:, 0].tolist()
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
    orders.append(order)
'''

WHILE_LOOP = '''epoch = 0
while epoch < 3:
HAND    order = []
    for x, y in loader:
        order += x[:, 0].tolist()
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
    orders.append(order)
    epoch += 1
'''

TAIL = '''digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": [value for order in orders for value in order], "weights_sha256": digest.hexdigest()}))
'''

CASES = {
    "imported_by_name": ("from distutil import build_sampler", "sampler = build_sampler(dataset)", "sampler", FOR_LOOP),
    "module_alias_while": ("import distutil as dist_utils", "train_sampler = dist_utils.make_train_sampler(dataset)", "train_sampler", WHILE_LOOP),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_sampler_of_a_factory_of_another_module_gets_the_epoch(case: str, tmp_path: Path) -> None:
    imports, sampler, name, loop = CASES[case]
    head = HEAD.format(imports=imports, sampler=sampler, name=name)
    buggy = head + loop.replace("HAND", "") + TAIL
    hand = head + loop.replace("HAND", f"    {name}.set_epoch(epoch)\n") + TAIL
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF019", others={"distutil.py": DISTUTIL})
