"""Sigmoid outputs fed to a cross-entropy: the loss applies log-softmax to values squashed into
(0, 1), so the logits it sees differ by at most 1, the loss cannot approach zero and the
gradients shrink. GF018 passes the logits; the script then trains exactly like the hand-fixed
one, and reaches a lower loss than the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand, run_script

pytest.importorskip("torch")

BUGGY = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
data = torch.randn(64, 5)
labels = (data[:, 0] + data[:, 1] > 0).long()
model = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 2))
criterion = nn.CrossEntropyLoss()
opt = torch.optim.Adam(model.parameters(), lr=0.05)
losses = []
for step in range(60):
    opt.zero_grad()
    loss = criterion(torch.sigmoid(model(data)), labels)
    loss.backward()
    opt.step()
    losses.append(loss.item())
with torch.no_grad():
    logit_loss = criterion(model(data), labels).item()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest(), "extra": {"logit_loss": logit_loss}}))
'''
HAND = BUGGY.replace("criterion(torch.sigmoid(model(data)), labels)\n", "criterion(model(data), labels)\n")


def test_sigmoid_before_cross_entropy_fixed_trains_like_the_hand_fix(tmp_path: Path) -> None:
    assert HAND != BUGGY
    assert_fixed_like_hand(tmp_path, BUGGY, HAND, "--select", "GF018")
    fixed = run_script(tmp_path / "fixed" / "train.py")
    buggy = run_script(tmp_path / "buggy" / "train.py")
    assert min(buggy["losses"]) > 0.31  # log(1 + e^-1): the floor of squashed logits
    assert fixed["losses"][-1] < buggy["losses"][-1]
