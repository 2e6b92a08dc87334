"""GF006 when the step after the batch loop repeats the window's own test: `if not left:
optimizer.step()` after a countdown the window resets to the window's length, or `if (i + 1) %
accum == 0:` after an `enumerate` window. Neither test holds after the loop while micro-batches
wait, so the tail never reaches a step (the next epoch's first clear wipes it). The fix writes the
live flush right after the loop and leaves the dead test as written; the fixed script trains
exactly like the hand fix, and the buggy one otherwise (sweep60a, a multimodal trainer's
countdown)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
loader = [(torch.randn(3, 4), torch.randn(3, 1)) for _ in range(7)]
accum = 3
losses = []
'''
TAIL = '''digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

COUNTDOWN = '''for epoch in range(3):
    left = accum
    for x, y in loader:
        if left == accum:
            optimizer.zero_grad()
        left -= 1
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        losses.append(loss.item())
        if not left:
            optimizer.step()
            left = accum
{flush}    if not left:
        optimizer.step()
'''
COUNTDOWN_FLUSH = '''
    # the last micro-batches did not fill a whole window: step on them too
    if left != accum:
        optimizer.step()
'''

ENUMERATE = '''for epoch in range(3):
{bind}    for i, (x, y) in enumerate(loader):
        loss = nn.functional.mse_loss(model(x), y) / accum
        loss.backward()
        losses.append(loss.item())
        if (i + 1) % accum == 0:
            optimizer.step()
            optimizer.zero_grad()
{flush}    if (i + 1) % accum == 0:
        optimizer.step()
        optimizer.zero_grad()
'''
ENUMERATE_BIND = "    i = -1  # the flush after the loop reads it, also when the loop runs no batch\n"
ENUMERATE_FLUSH = '''
    # the last micro-batches did not fill a whole window: step on them too
    if (i + 1) % accum != 0:
        optimizer.step()
        optimizer.zero_grad()
'''


def test_countdown_window_gets_a_live_flush_beside_the_dead_one(tmp_path: Path) -> None:
    buggy = HEAD + COUNTDOWN.format(flush="") + TAIL
    hand = HEAD + COUNTDOWN.format(flush=COUNTDOWN_FLUSH) + TAIL
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF006")


def test_enumerate_window_gets_a_live_flush_beside_its_own_test(tmp_path: Path) -> None:
    buggy = HEAD + ENUMERATE.format(bind="", flush="") + TAIL
    hand = HEAD + ENUMERATE.format(bind=ENUMERATE_BIND, flush=ENUMERATE_FLUSH) + TAIL
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF006")
