"""A `StepLR` (a decay every 3 steps, with no length) rebuilt on every batch of a `while (batch :=
next(it, None))` batch loop inside an epoch loop (variants61's `walrus` shape, fix61-V): each
new scheduler counts its steps from 0, so the rate never decays. Moved only before the batch
loop it would count from 0 again on every epoch (decays at other steps than the hand fix's);
the fix moves it before the epoch loop, beside its optimizer, which trains like the hand fix
(one schedule over every batch). The same for a `MultiStepLR`."""

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
{once}    for epoch in range(3):
        it = iter(DATA)
        while (batch := next(it, None)) is not None:
            x, y = batch
            opt.zero_grad()
            loss = nn.functional.mse_loss(model(x), y)
            loss.backward()
            opt.step()
{rebuilt}            sched.step()
            LOSSES.append(loss.item())
    return model


model = main()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": LOSSES, "weights_sha256": digest.hexdigest()}}))
'''

BUILDS = [
    "sched = torch.optim.lr_scheduler.StepLR(opt, step_size=3, gamma=0.5)\n",
    "sched = torch.optim.lr_scheduler.MultiStepLR(opt, milestones=[4, 9], gamma=0.5)\n",
]


@pytest.mark.parametrize("build", BUILDS, ids=["StepLR", "MultiStepLR"])
def test_step_decay_moved_before_the_epoch_loop(tmp_path: Path, build: str) -> None:
    buggy = SCRIPT.format(once="", rebuilt="            " + build)
    hand = SCRIPT.format(once="    " + build, rebuilt="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF025")
