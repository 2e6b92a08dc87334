"""GF025 beside a `sched = None` placeholder: the scheduler rebuilt on every epoch restarts its
schedule, so the rate stays at its first value. gradfix moves the construction before the
epoch loop, after the placeholder; the fixed script trains exactly like the hand fix, and not
like the buggy one."""

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
model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(3)]
EPOCHS = 4
losses = []
sched = None
{before}for epoch in range(EPOCHS):
{inside}    for x, y in data:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    sched.step()

digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

BUILD = "sched = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=EPOCHS)\n"


def test_built_once_after_the_placeholder_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.format(before="", inside="    " + BUILD)
    hand = SCRIPT.format(before=BUILD, inside="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF025")
