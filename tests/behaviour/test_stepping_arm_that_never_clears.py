"""GF001 on a loop whose `if` on a setting picks one of two ways to train, each with its own
backward and step, and only the second arm clears: a run that takes the first arm steps
gradients summed since the loop began. gradfix clears first in that arm; the fixed script is
the hand fix, trains exactly like it, and not like the buggy one."""

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
optimizer = torch.optim.SGD(model.parameters(), lr=0.02)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(6)]
plain = True
losses = []
for epoch in range(3):
    for x, y in data:
        if plain:
{clear}            loss = nn.functional.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
        else:
            optimizer.zero_grad()
            loss = nn.functional.mse_loss(model(x), y) + 1e-3 * model[0].weight.pow(2).sum()
            loss.backward()
            optimizer.step()
        losses.append(loss.item())

digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_the_arm_that_never_cleared_clears_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.format(clear="")
    hand = SCRIPT.format(clear="            optimizer.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")
