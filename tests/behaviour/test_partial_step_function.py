"""A step function called under another name, bound with `functools.partial` to the model
and the optimizer: it never clears, so every step applies the gradients of all the batches
before it. GF001 clears in the step function; the script then trains exactly like the
hand-fixed one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

BUGGY = '''import functools
import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
data = torch.randn(64, 5)
targets = data @ torch.randn(5, 1)
losses = []


def update(model, optimizer, x, y):
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.item()


def main():
    model = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.5)
    step = functools.partial(update, model, optimizer)
    for epoch in range(4):
        for start in range(0, 64, 16):
            losses.append(step(data[start : start + 16], targets[start : start + 16]))
    digest = hashlib.sha256()
    for param in model.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))


main()
'''
HAND = BUGGY.replace(
    "def update(model, optimizer, x, y):\n",
    "def update(model, optimizer, x, y):\n    optimizer.zero_grad(set_to_none=True)\n",
)


def test_partial_step_function_clear_trains_like_the_hand_fix(tmp_path: Path) -> None:
    assert HAND != BUGGY
    assert_fixed_like_hand(tmp_path, BUGGY, HAND, "--select", "GF001")
