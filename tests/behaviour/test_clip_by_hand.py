"""A clip written by hand, `for p in model.parameters(): p.grad.data.clamp_(-c, c)` (session
40, variants39): GF010 moves it from after `optimizer.step()` to right before it, and GF006's
flush of an accumulation window repeats it with the window's step; each fixed script trains
exactly like the hand-fixed one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import hashlib
import json

import torch
from torch import nn

CLIP = 0.05
ACCUM = 3
torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(8)]
losses = []
'''
TAIL = '''digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
CLIP_LOOP = """            for p in model.parameters():
                p.grad.data.clamp_(-CLIP, CLIP)
"""
AFTER_STEP = HEAD + """for epoch in range(3):
    for x, y in data:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        losses.append(loss.item())
{first}        optimizer.step()
{second}""" + TAIL


def test_hand_clip_moved_before_the_step(tmp_path: Path) -> None:
    one_level_up = CLIP_LOOP.replace("\n    ", "\n").removeprefix("    ")
    buggy = AFTER_STEP.format(first="", second=one_level_up)
    hand = AFTER_STEP.format(first=one_level_up, second="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF010")


WINDOW = HEAD + """for epoch in range(3):
{bind}    for i, (x, y) in enumerate(data):
        loss = nn.functional.mse_loss(model(x), y)
        (loss / ACCUM).backward()
        losses.append(loss.item())
        if (i + 1) % ACCUM == 0:
""" + CLIP_LOOP + """            optimizer.step()
            optimizer.zero_grad()
{flush}""" + TAIL
FLUSH = """
    # the last micro-batches did not fill a whole window: step on them too
    if (i + 1) % ACCUM != 0:
        for p in model.parameters():
            p.grad.data.clamp_(-CLIP, CLIP)
        optimizer.step()
        optimizer.zero_grad()
"""
# the fix binds the index the flush reads before the loop too (a loader with no batch)
BIND = "    i = -1  # the flush after the loop reads it, also when the loop runs no batch\n"


def test_flush_repeats_the_hand_clip_of_the_window(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, WINDOW.format(bind="", flush=""), WINDOW.format(bind=BIND, flush=FLUSH), "--select", "GF006")
