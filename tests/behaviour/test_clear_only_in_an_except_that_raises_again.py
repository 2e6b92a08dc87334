"""variants52's `exceptclear` (fix53-l): the only clear of a batch step sits in an `except`
block that raises again, so no iteration that goes on to the next ran it and the gradients
pile up; the fix clears at the top of the step, which then trains like the hand fix."""

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
DATA = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)
losses = []


def train_one(x, y):
{clear}    try:
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
    except FloatingPointError:
        optimizer.zero_grad()
        raise
    return loss.item()


for epoch in range(3):
    for x, y in DATA:
        losses.append(train_one(x, y))
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_clear_added_when_the_only_clear_raises_again(tmp_path: Path) -> None:
    buggy = SCRIPT.format(clear="")
    hand = SCRIPT.format(clear="    optimizer.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")
