"""A `CosineAnnealingLR` whose horizon counts the batches of every epoch (`T_max=steps_per_epoch
* epochs`) built at the top of each pass of `for epoch in range(epochs)` and stepped per batch
(the lead's blind check, session 60): every epoch starts the cosine over, so the rate never
gets past the first epoch's part of it. The fix builds it once before the epoch loop, which
trains like the hand fix; the bug trains otherwise."""

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


def main(epochs, steps_per_epoch):
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
{once}    for epoch in range(epochs):
{rebuilt}        for x, y in DATA:
            opt.zero_grad()
            loss = nn.functional.mse_loss(model(x), y)
            loss.backward()
            opt.step()
            sched.step()
            LOSSES.append(loss.item())
    return model


model = main(3, len(DATA))
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": LOSSES, "weights_sha256": digest.hexdigest()}}))
'''

BUILD = "sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=steps_per_epoch * epochs)\n"


def test_schedule_over_all_epochs_moved_before_the_epoch_loop(tmp_path: Path) -> None:
    buggy = SCRIPT.format(once="", rebuilt="        " + BUILD)
    hand = SCRIPT.format(once="    " + BUILD, rebuilt="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF025")
