"""GF010 on an accumulation loop that clips on every micro-batch while the step runs once per
window, and skips a batch whose loss is not finite with `optimizer.zero_grad(); continue`
before its backward. The skip's clear does not make each clip see one micro-batch's gradient:
the clip moves under the window's test, right before the step. The data holds a NaN batch, so
the skip runs; the fixed script trains exactly like the hand fix, the buggy one does not."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

ACCUM = 3
torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
data = [(torch.randn(5, 4), torch.randn(5, 1)) for _ in range(9)]
data[4][0][0, 0] = float("nan")
losses = []
for epoch in range(2):
    for i, (x, y) in enumerate(data):
        loss = nn.functional.mse_loss(model(x), y)
        if not torch.isfinite(loss):
            optimizer.zero_grad()
            continue
        (loss / ACCUM).backward()
        losses.append(loss.item())
{clip_before}        if (i + 1) % ACCUM == 0:
{clip_after}            optimizer.step()
            optimizer.zero_grad()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
CLIP = "torch.nn.utils.clip_grad_norm_(model.parameters(), 0.05)\n"


def test_clip_moves_under_the_window(tmp_path: Path) -> None:
    buggy = SCRIPT.format(clip_before="        " + CLIP, clip_after="")
    hand = SCRIPT.format(clip_before="", clip_after="            " + CLIP)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF010")
