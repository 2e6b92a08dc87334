"""An accumulation loop whose backward is written in two arms of an `if` (a mixed-precision arm
and a plain one), where only one arm divides the loss by the window: the plain arm must be
divided too (GF005). The fixed script trains exactly like the hand-fixed one, and the buggy
one trains otherwise (its windows sum N whole gradients)."""

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
data = torch.randn(72, 5)
targets = data @ torch.randn(5, 2)
net = nn.Sequential(nn.Linear(5, 10), nn.ReLU(), nn.Linear(10, 2))
opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
scaler = torch.amp.GradScaler("cpu", enabled=False)
batches = [(data[i : i + 8], targets[i : i + 8]) for i in range(0, 72, 8)]  # 9: three whole windows
losses = []


def fit(epochs, use_scaler=False, grad_accum=3):
    for _ in range(epochs):
        for it, (x, y) in enumerate(batches):
            loss = nn.functional.mse_loss(net(x), y)
            if use_scaler:
                scaler.scale(loss / grad_accum).backward()
            else:
'''
BUGGY_ARM = '''                loss.backward()
'''
HAND_ARM = '''                (loss / grad_accum).backward()
'''
TAIL = '''            if (it + 1) % grad_accum == 0:
                opt.step()
                opt.zero_grad()
            losses.append(loss.item())


fit(3)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_the_undivided_arm_divided_trains_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, HEAD + BUGGY_ARM + TAIL, HEAD + HAND_ARM + TAIL, "--select", "GF005")
