"""GF019 on an epoch loop of one module (`def train_epochs(net, batches, optimizer, n)` in
`train.py`) over a loader that another module builds over a shuffling `DistributedSampler` and
hands it (`launch.py`: `train_epochs(net, batches=loader, ...)`, by keyword, in a function):
the loop never gives the sampler its epoch, so every epoch saw one order. The fix goes into the
epoch loop's module, guarded by the sampler's class spelled through its own `import torch`; the
fixed module trains exactly like the hand fix, and not like the buggy one. `launch.py` stays as
it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

LAUNCH = '''import hashlib
import json

import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

from train import train_epochs


def main():
    torch.manual_seed(0)
    torch.set_num_threads(1)
    data = TensorDataset(torch.randn(24, 4), torch.randn(24, 1))
    loader = DataLoader(data, batch_size=6, sampler=DistributedSampler(data, num_replicas=1, rank=0, seed=3))
    net = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.Tanh(), torch.nn.Linear(3, 1))
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    seen = train_epochs(net, batches=loader, optimizer=optimizer, n=3)
    digest = hashlib.sha256()
    for param in net.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({"losses": seen, "weights_sha256": digest.hexdigest()}))
'''

TRAIN = '''import torch


def train_epochs(net, batches, optimizer, n):
    seen = []
    epoch = 0
    while epoch < n:
HAND        for inputs, targets in batches:
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(net(inputs), targets)
            loss.backward()
            optimizer.step()
            seen.append(float(loss))
        epoch += 1
    return seen


if __name__ == "__main__":
    from launch import main

    main()
'''


def test_the_handed_loaders_sampler_is_given_the_epoch_where_the_loop_is(tmp_path: Path) -> None:
    buggy = TRAIN.replace("HAND", "")
    hand = TRAIN.replace(
        "HAND",
        "        if isinstance(batches.sampler, torch.utils.data.DistributedSampler):\n"
        "            batches.sampler.set_epoch(epoch)\n",
    )
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF019", others={"launch.py": LAUNCH})
