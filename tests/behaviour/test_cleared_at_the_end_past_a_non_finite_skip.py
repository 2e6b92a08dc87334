"""variants54's skipped tail clear (fix54-v): the only clear sits at the end of the batch loop,
after `if not torch.isfinite(loss): continue` written after the backward, so a skipped batch's
gradients (here `nan`) reach the next step; the fix clears first in the body, which then trains
like the hand fix (one batch of each epoch is made non-finite and skipped)."""

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
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)
losses = []
for epoch in range(3):
    for k, (x, y) in enumerate(DATA):
{clear}        loss = nn.functional.mse_loss(model(x), y)
        if k == epoch + 1:
            loss = loss * 1e30 * 1e30
        loss.backward()
        if not torch.isfinite(loss):
            continue
        optimizer.step()
        losses.append(loss.item())
        optimizer.zero_grad(set_to_none=True)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_clear_added_first_in_the_body(tmp_path: Path) -> None:
    buggy = SCRIPT.format(clear="")
    hand = SCRIPT.format(clear="        optimizer.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")
