"""GF019 on a loader built by a function of another module of the project (`from data import
build_loaders`): the factory puts a shuffling `DistributedSampler` (only when distributed) in
the training loader it returns, and the training script's epoch loop never gives it the epoch,
so every epoch saw one order. The fix, in the training script, guards the call with the
sampler's class spelled through the script's own `import torch`; the fixed script trains exactly
like the hand fix, and not like the buggy one. `data.py` stays as it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

DATA = '''import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler


def build_loaders(distributed, batch_size=8):
    train = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
    held_out = TensorDataset(torch.randn(8, 4), torch.randn(8, 1))
    if distributed:
        sampler = DistributedSampler(train, num_replicas=1, rank=0)
    else:
        sampler = None
    train_loader = DataLoader(train, batch_size=batch_size, sampler=sampler, shuffle=sampler is None)
    return train_loader, DataLoader(held_out, batch_size=batch_size)
'''

SCRIPT = '''import hashlib
import json

import torch

from data import build_loaders


def main():
    torch.manual_seed(0)
    torch.set_num_threads(1)
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    train_loader, held_out = build_loaders(distributed=True)
    seen = []
    epoch = 0
    while epoch < 3:
HAND        for x, y in train_loader:
            seen.extend(x[:, 0].tolist())
            optimizer.zero_grad(set_to_none=True)
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
        with torch.no_grad():
            seen.append(sum(float(torch.nn.functional.mse_loss(model(x), y)) for x, y in held_out))
        epoch += 1
    digest = hashlib.sha256()
    for param in model.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({"losses": seen, "weights_sha256": digest.hexdigest()}))


main()
'''


def test_the_factory_loaders_sampler_is_given_the_epoch(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("HAND", "")
    hand = SCRIPT.replace(
        "HAND",
        "        if isinstance(train_loader.sampler, torch.utils.data.DistributedSampler):\n"
        "            train_loader.sampler.set_epoch(epoch)\n",
    )
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF019", others={"data.py": DATA})
