"""GF005, GF006 and GF011 on a window counted down (`left -= 1`, the step when `left == 0`,
then `left = ACCUM` again): the loss is backpropagated whole, the micro-batches after the
epoch's last full window are wiped by the next epoch's clear, and (in the second script) the
optimizer is cleared on every micro-batch. gradfix divides the loss by N, flushes the tail
under `if left != ACCUM:` and moves the clear after the step; each fixed script is the hand
fix, trains exactly like it, and not like the buggy one."""

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
model = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(10)]
ACCUM = 4
losses = []
for epoch in range(3):
    left = ACCUM
    optimizer.zero_grad()
    for x, y in data:
{clear}        loss = nn.functional.mse_loss(model(x), y)
        {backward}
        losses.append(loss.item())
        left -= 1
        if left == 0:
            optimizer.step()
{window_clear}            left = ACCUM
{flush}
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

FLUSH = """
    # the last micro-batches did not fill a whole window: step on them too
    if left != ACCUM:
        optimizer.step()
        optimizer.zero_grad()
"""
CLEAR = "        optimizer.zero_grad()\n"
WINDOW_CLEAR = "            optimizer.zero_grad()\n"


def test_divided_and_flushed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.format(clear="", backward="loss.backward()", window_clear=WINDOW_CLEAR, flush="")
    hand = SCRIPT.format(clear="", backward="(loss / ACCUM).backward()", window_clear=WINDOW_CLEAR, flush=FLUSH)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005,GF006")


def test_clear_moved_into_the_window_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.format(clear=CLEAR, backward="(loss / ACCUM).backward()", window_clear="", flush=FLUSH)
    hand = SCRIPT.format(clear="", backward="(loss / ACCUM).backward()", window_clear=WINDOW_CLEAR, flush=FLUSH)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF011")
