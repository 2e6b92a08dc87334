"""GF017 on an epoch loop that validates every few epochs in one arm of an `if` (`model.eval()`,
then a pass under `no_grad`) and calls `model.train()` only in the other arm: the epochs that
validate then train with dropout off. The fix restores train mode at the end of the validating
arm; the fixed script trains exactly like the hand-fixed one, and not like the buggy one. (The
same `if` choosing the mode for the training itself, `else: model.eval()` with no evaluation,
is left alone: tests/before_after/clean/mode_chosen_per_task_in_each_arm.py.)"""

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
model = nn.Sequential(nn.Linear(4, 32), nn.ReLU(), nn.Dropout(0.5), nn.Linear(32, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
x, y = torch.randn(64, 4), torch.randn(64, 1)
losses = []
for epoch in range(4):
    if epoch % 2 == 0:
        model.eval()
        with torch.no_grad():
            losses.append(nn.functional.mse_loss(model(x), y).item())
RESTORE    else:
        model.train()
    for i in range(4):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x[i * 16 : (i + 1) * 16]), y[i * 16 : (i + 1) * 16])
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_train_mode_restored_in_the_validating_arm(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("RESTORE", "")
    hand = SCRIPT.replace("RESTORE", "        model.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
