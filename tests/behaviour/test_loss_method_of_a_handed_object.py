"""GF005 on a loss returned by a method of an object the loop's function is handed (a
LightningModule-shaped task of another module, `loss = task.get_loss(batch)`): the
accumulation window adds up whole micro-batch losses. gradfix divides the loss at the
backward; the fixed script trains exactly like the hand fix, and not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

TASK = '''import torch
from torch import nn


class Task(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(4, 6), nn.Tanh(), nn.Linear(6, 1))

    def forward(self, x):
        return self.body(x)

    def get_loss(self, batch):
        x, y = batch
        return nn.functional.mse_loss(self(x), y)
'''

SCRIPT = '''import hashlib
import json

import torch

from task import Task


def fit(task, batches, window=3):
    opt = torch.optim.SGD(task.parameters(), lr=0.1, momentum=0.9)
    losses = []
    for i, batch in enumerate(batches):
        loss = task.get_loss(batch)
        {backward}
        losses.append(loss.item())
        if (i + 1) % window == 0 or i + 1 == len(batches):
            opt.step()
            opt.zero_grad()
    return losses


torch.manual_seed(0)
torch.set_num_threads(1)
model = Task()
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(7)]
losses = fit(model, data)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_loss_of_a_handed_task_divided_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.format(backward="loss.backward()")
    hand = SCRIPT.format(backward="(loss / window).backward()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005", others={"task.py": TASK})
