"""GF017 on an evaluation helper run before the training loop (a baseline accuracy) that
leaves the model in eval mode, with the loop never calling `model.train()`: the first epoch
trained with dropout off (and the later ones too, through the helper's call in the loop).
gradfix restores train mode after both calls; the fixed script trains exactly like the
hand-fixed one, and not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn


def evaluate(model, x, y):
    model.eval()
    with torch.no_grad():
        return nn.functional.mse_loss(model(x), y).item()


torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 32), nn.ReLU(), nn.Dropout(0.5), nn.Linear(32, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
x, y = torch.randn(64, 4), torch.randn(64, 1)
losses = []
baseline = evaluate(model, x, y)
{restore}for epoch in range(3):
    for i in range(4):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x[i * 16 : (i + 1) * 16]), y[i * 16 : (i + 1) * 16])
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    val = evaluate(model, x, y)
{restore_in_loop}
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_train_mode_restored_after_the_baseline_and_the_epoch_evaluations(tmp_path: Path) -> None:
    buggy = SCRIPT.format(restore="", restore_in_loop="")
    hand = SCRIPT.format(restore="model.train()\n", restore_in_loop="    model.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
