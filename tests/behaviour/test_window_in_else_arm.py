"""An accumulation window written as the two arms of one `if` (the shape of Accelerate's
`no_sync` idiom): `if (step + 1) % ACC != 0: loss.backward()` / `else: loss.backward();
opt.step(); opt.zero_grad()`. Every micro-batch backpropagates its whole mean loss, so each
update applies ACC times the mean gradient. GF005 divides the loss in both arms; the script then
trains exactly like the hand-fixed one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

BUGGY = '''import hashlib
import json

import torch
from torch import nn
from torch.nn import functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
ACC = 4
data = torch.randn(96, 6)
labels = (data[:, 0] > 0).long() + (data[:, 1] > 0).long()
model = nn.Sequential(nn.Linear(6, 12), nn.Tanh(), nn.Linear(12, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
losses = []
for epoch in range(3):
    for step in range(12):
        x, y = data[step * 8 : step * 8 + 8], labels[step * 8 : step * 8 + 8]
        loss = F.cross_entropy(model(x), y)
        if (step + 1) % ACC != 0:
            loss.backward()
        else:
            loss.backward()
            opt.step()
            opt.zero_grad()
        losses.append(loss.item())
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''
HAND = BUGGY.replace("            loss.backward()\n", "            (loss / ACC).backward()\n")


def test_window_in_the_else_arm_divided_trains_like_the_hand_fix(tmp_path: Path) -> None:
    assert HAND.count("(loss / ACC).backward()") == 2
    assert_fixed_like_hand(tmp_path, BUGGY, HAND, "--select", "GF005")
