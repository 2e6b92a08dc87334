"""variants54's `retry`/`stepdriven` shapes (fix54-v): a clear on every micro-batch after a guard
that skips a non-finite loss (`if not torch.isfinite(loss): continue`, the loss divided by the
window's size, a module constant the counter never binds); the fix clears after the window's
step, which then trains like the hand fix (one batch per epoch is skipped as non-finite)."""

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
DATA = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(7)]
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)
losses = []
for epoch in range(3):
    for i, (x, y) in enumerate(DATA):
        loss = nn.functional.mse_loss(model(x), y) / ACCUM
        if i == epoch + 1:
            loss = loss * float("nan")
        if not torch.isfinite(loss):
            continue
{clear}        loss.backward()
        losses.append(loss.item())
        if (i + 1) % ACCUM == 0 or i + 1 == len(DATA):
            optimizer.step()
{after}digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_clear_moved_after_the_step(tmp_path: Path) -> None:
    buggy = SCRIPT.format(clear="        optimizer.zero_grad()\n", after="")
    hand = SCRIPT.format(clear="", after="            optimizer.zero_grad()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF011")
