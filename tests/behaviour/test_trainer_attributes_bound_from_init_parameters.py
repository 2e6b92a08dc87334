"""A trainer whose `__init__` binds `self.model` and `self.opt` from its parameters
(`self.model, self.acc = model, acc`) and builds what it owns over those parameters, not over
the attributes (`SGD(model.parameters())`, `StepLR(opt)`): `self.model` is `model` there.

- GF011: `self.model.zero_grad()` on every micro-batch of an accumulation window clears what
  `self.opt` steps; the clears move after the window's step and after the flush.
- GF012: `self.scheduler.step()` before `self.opt.step()` each batch, the scheduler built over
  the `opt` that `self.opt` is bound to; the scheduler's step moves after the optimizer's.

Each fixed script trains exactly like the hand-fixed one, and the buggy one does not."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

ACCUMULATION = '''import hashlib
import json

import torch
from torch import nn


class Trainer:
    def __init__(self, model, acc):
        self.model, self.acc = model, acc
        self.opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)

    def fit(self, data, losses):
        for i, (x, y) in enumerate(data):
{top}            loss = nn.functional.mse_loss(self.model(x), y) / self.acc
            loss.backward()
            losses.append(loss.item())
            if (i + 1) % self.acc == 0:
                self.opt.step()
{window}        if (i + 1) % self.acc != 0:
            self.opt.step()
{flush}

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(10)]
losses = []
Trainer(model, 4).fit(data, losses)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

SCHEDULER = '''import hashlib
import json

import torch
from torch import nn


class Trainer:
    def __init__(self, model, opt):
        self.model, self.opt = model, opt
        self.scheduler = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)

    def fit(self, data, epochs, losses):
        for _ in range(epochs):
            for x, y in data:
                self.opt.zero_grad()
                loss = nn.functional.mse_loss(self.model(x), y)
                loss.backward()
                losses.append(loss.item())
{before}                self.opt.step()
{after}

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(5)]
losses = []
Trainer(model, opt).fit(data, 2, losses)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_model_clear_of_a_trainer_moves_out_of_the_window(tmp_path: Path) -> None:
    buggy = ACCUMULATION.format(top="            self.model.zero_grad()\n", window="", flush="")
    hand = ACCUMULATION.format(top="", window="                self.model.zero_grad()\n", flush="            self.model.zero_grad()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF011")


def test_scheduler_built_over_the_init_parameter_steps_after_the_optimizer(tmp_path: Path) -> None:
    step = "                self.scheduler.step()\n"
    assert_fixed_like_hand(tmp_path, SCHEDULER.format(before=step, after=""), SCHEDULER.format(before="", after=step), "--select", "GF012")
