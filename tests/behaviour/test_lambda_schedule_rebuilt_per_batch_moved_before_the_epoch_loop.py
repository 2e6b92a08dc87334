"""A `LambdaLR` (a schedule with no length, `0.97 ** step`) rebuilt on every batch of a batch
loop inside a `while` epoch loop (variants56's `resume` shape, fix56-V): each new scheduler
sets the learning rate back to the start of its schedule. Moved only before the batch loop it
would still start over on every epoch; the fix moves it before the epoch loop, beside its
optimizer, which trains like the hand fix (one schedule over every batch)."""

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
DATA = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(5)]
LOSSES = []


def main():
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    epoch = 0
{once}    while epoch < 3:
        for x, y in DATA:
            opt.zero_grad()
            loss = nn.functional.mse_loss(model(x), y)
            loss.backward()
            opt.step()
{rebuilt}            sched.step()
            LOSSES.append(loss.item())
        epoch += 1
    return model


model = main()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": LOSSES, "weights_sha256": digest.hexdigest()}}))
'''

BUILD = "sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: 0.9**s)\n"


def test_lambda_schedule_moved_before_the_epoch_loop(tmp_path: Path) -> None:
    buggy = SCRIPT.format(once="", rebuilt="            " + BUILD)
    hand = SCRIPT.format(once="    " + BUILD, rebuilt="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF025")
