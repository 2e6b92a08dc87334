"""GF011 on a clear of every micro-batch written under the train flag of one function that
runs both training and evaluation epochs (`if optimizer is not None:`): the clear moves to
right after the window's step and the fixed script trains exactly like the hand-fixed one."""

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
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
train_data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(9)]
val_data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(3)]
accum = 3
losses = []


def run_epoch(loader, optimizer=None):
    model.train(optimizer is not None)
    with torch.set_grad_enabled(optimizer is not None):
        for i, (x, y) in enumerate(loader):
            if optimizer is not None:
{top}                loss = nn.functional.mse_loss(model(x), y) / accum
                loss.backward()
                if (i + 1) % accum == 0 or i + 1 == len(loader):
                    optimizer.step()
{after}            else:
                loss = nn.functional.mse_loss(model(x), y)
            losses.append(loss.item())


for epoch in range(3):
    run_epoch(train_data, optimizer)
    run_epoch(val_data)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_clear_under_the_train_flag_goes_after_the_window_step(tmp_path: Path) -> None:
    buggy = SCRIPT.format(top="                optimizer.zero_grad()\n", after="")
    hand = SCRIPT.format(top="", after="                    optimizer.zero_grad()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF011")
