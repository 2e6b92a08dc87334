"""GF001 on an accumulation loop written with a continue guard (timm's `if not need_update:
continue`) that never clears: the clear goes right after the step, not at the top of the
iteration (where it would wipe every micro-batch but the last). The fixed script trains exactly
like the hand-fixed one. GF005 on such windows (a continue guard, a step function returning
early) divides the loss the same way."""

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
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(10)]
accum_steps = 5
losses = []
for epoch in range(3):
    for batch_idx, (x, y) in enumerate(data):
        need_update = (batch_idx + 1) % accum_steps == 0
        loss = nn.functional.mse_loss(model(x), y) / accum_steps
        loss.backward()
        losses.append(loss.item())
        if not need_update:
            continue
        optimizer.step()
{clear}digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
CLEAR = "        optimizer.zero_grad(set_to_none=True)\n"


def test_clear_goes_after_the_step_of_a_continue_guarded_window(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, SCRIPT.format(clear=""), SCRIPT.format(clear=CLEAR), "--select", "GF001")


UNSCALED = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(8)]
accum = 4
losses = []
for epoch in range(3):
    for i, (x, y) in enumerate(data):
        loss = nn.functional.mse_loss(model(x), y)
        {backward}
        losses.append(loss.item())
        if (i + 1) % accum != 0:
            continue
        optimizer.step()
        optimizer.zero_grad()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_loss_of_a_continue_guarded_window_is_divided(tmp_path: Path) -> None:
    buggy = UNSCALED.format(backward="loss.backward()")
    hand = UNSCALED.format(backward="(loss / accum).backward()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005")


EARLY_RETURN = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(8)]
ACCUM = 4
losses = []


def train_step(x, y, step):
    loss = nn.functional.mse_loss(model(x), y)
    {backward}
    losses.append(loss.item())
    if (step + 1) % ACCUM != 0:
        return
    optimizer.step()
    optimizer.zero_grad()


for epoch in range(3):
    for i, (x, y) in enumerate(data):
        train_step(x, y, i)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_loss_of_a_step_function_returning_early_between_windows_is_divided(tmp_path: Path) -> None:
    """The window written as a step function's early return (`if (step + 1) % N != 0: return`)."""
    buggy = EARLY_RETURN.format(backward="loss.backward()")
    hand = EARLY_RETURN.format(backward="(loss / ACCUM).backward()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005")


SKIPPED = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(9)]
data[4] = (torch.full((4, 4), float("nan")), torch.randn(4, 1))
accum = 3
losses = []
for epoch in range(3):
    for i, (x, y) in enumerate(data):
        if torch.isnan(x).any():
            continue
{clear}        loss = nn.functional.mse_loss(model(x), y) / accum
        loss.backward()
        losses.append(loss.item())
        if (i + 1) % accum == 0 or i + 1 == len(data):
            optimizer.step()
{window_clear}digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_clear_after_a_bad_batch_skip_moves_after_the_step(tmp_path: Path) -> None:
    """GF011: a guard that skips a bad batch before the backward (`if torch.isnan(x).any():
    continue`) does not keep the clear below it from running on every micro-batch."""
    buggy = SKIPPED.format(clear="        optimizer.zero_grad()\n", window_clear="")
    hand = SKIPPED.format(clear="", window_clear="            optimizer.zero_grad()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF011")


SKIPPED_WHILE = SKIPPED.replace(
    "    for i, (x, y) in enumerate(data):\n        if torch.isnan(x).any():\n",
    "    i = 0\n    while i < len(data):\n        x, y = data[i]\n        i += 1\n        if torch.isnan(x).any():\n",
).replace("if (i + 1) % accum == 0 or i + 1 == len(data):", "if i % accum == 0 or i == len(data):")


def test_clear_after_a_skip_of_the_indexed_batch_moves_after_the_step(tmp_path: Path) -> None:
    """The same loop walking the batches by index (`while i < len(data): x, y = data[i]`): the
    guard reads the item the counter picks, not the window (session 43, variants42)."""
    assert "while i < len(data)" in SKIPPED_WHILE and "i == len(data)" in SKIPPED_WHILE
    buggy = SKIPPED_WHILE.format(clear="        optimizer.zero_grad()\n", window_clear="")
    hand = SKIPPED_WHILE.format(clear="", window_clear="            optimizer.zero_grad()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF011")
