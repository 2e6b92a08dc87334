"""GF020 on an accumulation loop whose scheduler counts its horizon in batches
(`total_steps=EPOCHS * len(batches)`) but steps once per epoch: the unsafe fix steps it in the
batch loop after the statement holding the optimizer's step -- after the window's `if`, once
per batch as the horizon counts, not inside the window (once per window, a quarter of the
schedule). The fixed scripts (a for loop, and a while loop over a counter window) train exactly
like the hand-fixed ones, the buggy ones otherwise."""

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
losses = []
net = nn.Sequential(nn.Linear(3, 6), nn.Tanh(), nn.Linear(6, 1))
opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
batches = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(8)]
EPOCHS = 3
ACCUM = 4
sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.2, total_steps=EPOCHS * len(batches))
for epoch in range(EPOCHS):
{loop}
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

FOR = '''    for i, (x, y) in enumerate(batches):
        loss = nn.functional.mse_loss(net(x), y) / ACCUM
        loss.backward()
        losses.append(loss.item())
        if (i + 1) % ACCUM == 0:
            opt.step()
            opt.zero_grad()
{inner}{outer}'''

WHILE = '''    i = 0
    while i < len(batches):
        x, y = batches[i]
        (nn.functional.mse_loss(net(x), y) / ACCUM).backward()
        i += 1
        if i % ACCUM == 0:
            opt.step()
            opt.zero_grad()
            losses.append(float(net[0].weight.sum()))
{inner}{outer}'''


def _script(loop: str, inner: str, outer: str) -> str:
    return SCRIPT.replace("{loop}", loop.replace("{inner}", inner).replace("{outer}", outer))


@pytest.mark.parametrize("loop", [FOR, WHILE], ids=["for", "while"])
def test_scheduler_moved_after_the_window(tmp_path: Path, loop: str) -> None:
    buggy = _script(loop, "", "    sched.step()\n")
    hand = _script(loop, "        sched.step()\n", "")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--unsafe-fixes", "--select", "GF020")
