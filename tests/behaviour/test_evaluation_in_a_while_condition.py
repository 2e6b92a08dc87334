"""GF017 on an evaluation helper called in a `while` condition (train until the validation
loss is low enough, or for a budget of rounds): the condition runs before every round, so
every round after the first trains with dropout off. gradfix puts `model.train()` at the top of
the `while` body; the fixed script trains exactly like the hand-fixed one, and not like the
buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn


def validation_loss(net, x, y):
    net.eval()
    with torch.no_grad():
        return nn.functional.mse_loss(net(x), y).item()


torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 32), nn.ReLU(), nn.Dropout(0.5), nn.Linear(32, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
x, y = torch.randn(64, 4), torch.randn(64, 1)
losses = []
rounds = 0
while validation_loss(model, x, y) > 0.0 and rounds < 3:
{restore}    for i in range(4):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x[i * 16 : (i + 1) * 16]), y[i * 16 : (i + 1) * 16])
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    rounds += 1

digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_train_mode_restored_at_the_top_of_each_round(tmp_path: Path) -> None:
    buggy = SCRIPT.format(restore="")
    hand = SCRIPT.format(restore="    model.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
