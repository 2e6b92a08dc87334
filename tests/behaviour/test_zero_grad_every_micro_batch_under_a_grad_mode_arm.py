"""GF011 on an accumulation window whose micro-batch sits in an `if torch.is_grad_enabled():`
arm (an `else:` arm only evaluates): the optimizer is cleared on every micro-batch, so each step
applies the last micro-batch's gradient alone. The fixed script (the clear moved after the
window's step) trains exactly like the hand fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn as nn

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(48, 6), torch.randint(0, 3, (48,))
loader = [(X[i : i + 4], Y[i : i + 4]) for i in range(0, 48, 4)]
model = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
ACCUM = 4
losses = []
for epoch in range(2):
    for i, (x, y) in enumerate(loader):
        if torch.is_grad_enabled():
BODY
        else:
            losses.append(float(nn.functional.cross_entropy(model(x), y)))
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

BUGGY = """            opt.zero_grad()
            loss = nn.functional.cross_entropy(model(x), y) / ACCUM
            loss.backward()
            losses.append(loss.item())
            if (i + 1) % ACCUM == 0:
                opt.step()"""

HAND = """            loss = nn.functional.cross_entropy(model(x), y) / ACCUM
            loss.backward()
            losses.append(loss.item())
            if (i + 1) % ACCUM == 0:
                opt.step()
                opt.zero_grad()"""


def test_clear_per_micro_batch_under_a_grad_mode_arm_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, SCRIPT.replace("BODY", BUGGY), SCRIPT.replace("BODY", HAND), "--select", "GF011")
