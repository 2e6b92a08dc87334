"""GF001 on one function that trains and evaluates (`run_epoch(loader, optimizer=None)`),
its update under `if optimizer is not None:`: the clear goes first in that guard, not at the
top of the iteration (where evaluation would call `None.zero_grad()`), and the fixed script
trains exactly like the hand-fixed one."""

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
train_data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(6)]
val_data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(2)]
losses = []


def run_epoch(loader, optimizer=None):
    model.train(optimizer is not None)
    with torch.set_grad_enabled(optimizer is not None):
        for x, y in loader:
            if optimizer is not None:
{clear}                loss = nn.functional.mse_loss(model(x), y)
                loss.backward()
                optimizer.step()
            else:
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


def test_clear_goes_first_in_the_optimizer_guard(tmp_path: Path) -> None:
    clear = "                optimizer.zero_grad(set_to_none=True)\n"
    assert_fixed_like_hand(tmp_path, SCRIPT.format(clear=""), SCRIPT.format(clear=clear), "--select", "GF001")
