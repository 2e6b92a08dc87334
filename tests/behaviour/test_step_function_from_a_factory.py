"""A step function defined and returned by a factory of the module (`train_step =
make_train_step(model, optimizer)`), its optimizer a name of the factory's: it never clears,
so every step applies the gradients of all the batches before it. GF001 clears in the
returned function; the script then trains exactly like the hand-fixed one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

BUGGY = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
data = torch.randn(64, 5)
targets = data @ torch.randn(5, 1)
losses = []


def make_train_step(net, opt):
    def train_step(x, y):
        loss = nn.functional.mse_loss(net(x), y)
        loss.backward()
        opt.step()
        return loss.item()

    return train_step


def main():
    model = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.5)
    step = make_train_step(model, optimizer)
    epoch = 0
    while epoch < 4:
        for start in range(0, 64, 16):
            losses.append(step(data[start : start + 16], targets[start : start + 16]))
        epoch += 1
    digest = hashlib.sha256()
    for param in model.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))


main()
'''
HAND = BUGGY.replace(
    "    def train_step(x, y):\n",
    "    def train_step(x, y):\n        opt.zero_grad(set_to_none=True)\n",
)


def test_factory_step_function_clear_trains_like_the_hand_fix(tmp_path: Path) -> None:
    assert HAND != BUGGY
    assert_fixed_like_hand(tmp_path, BUGGY, HAND, "--select", "GF001")
