"""GF030 in an epoch loop whose batch loop is a `while` over an index into a list of the loader
(`while i < len(shards)`), or `for n in itertools.count()` with a break over a fresh `iter` of
the loader the epoch binds: the same data every epoch, so the Adam built in the epoch loop
restarts the same training. The fix builds it once before the loop, and the fixed script
trains exactly like the hand-fixed one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import itertools
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
loader = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(5)]
shards = list(loader)
losses = []
{outside}for epoch in range(3):
{inside}    i = 0
    while i < len(shards):
        x, y = shards[i]
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(net(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
        i += 1
{outside2}for epoch in range(3):
{inside2}    it = iter(loader)
    for n in itertools.count():
        if n >= len(loader):
            break
        x, y = next(it)
        second.zero_grad()
        loss = nn.functional.mse_loss(net(x), y)
        loss.backward()
        second.step()
        losses.append(loss.item())
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
BUILD = "optimizer = torch.optim.Adam(net.parameters(), lr=0.01)\n"
BUILD2 = "second = torch.optim.Adam(net.parameters(), lr=0.01)\n"


def test_adam_built_per_epoch_over_a_while_or_counted_batch_loop_moved_before_the_loop(tmp_path: Path) -> None:
    assert_fixed_like_hand(
        tmp_path,
        SCRIPT.format(outside="", inside="    " + BUILD, outside2="", inside2="    " + BUILD2),
        SCRIPT.format(outside=BUILD, inside="", outside2=BUILD2, inside2=""),
        "--select",
        "GF030",
    )
