"""A loss helper divides by the count the loop hands it, and the loop hands it the
Accelerator's `gradient_accumulation_steps`: `accelerator.backward` divides again (GF016). The
fix hands the helper 1. With real Accelerate on CPU, the fixed script trains exactly like the
hand fix (the helper handed 1), and the buggy one otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")
pytest.importorskip("accelerate")

SCRIPT = '''import hashlib
import json

import torch
from accelerate import Accelerator
from torch import nn

ACCUM = 3
torch.manual_seed(0)
torch.set_num_threads(1)
data = torch.randn(48, 4)
targets = data @ torch.randn(4, 1)
batches = [(data[i : i + 4], targets[i : i + 4]) for i in range(0, 48, 4)]
losses = []


def micro_loss(net, x, y, steps):
    return nn.functional.mse_loss(net(x), y) / steps


accelerator = Accelerator(cpu=True, gradient_accumulation_steps=ACCUM)
net = nn.Linear(4, 1)
net, opt = accelerator.prepare(net, torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9))
for epoch in range(2):
    for x, y in batches:
        with accelerator.accumulate(net):
            loss = micro_loss(net, x, y, STEPS)
            accelerator.backward(loss)
            opt.step()
            opt.zero_grad()
        losses.append(loss.item())
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_helper_handed_one_trains_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, SCRIPT.replace("STEPS", "ACCUM"), SCRIPT.replace("STEPS", "1"), "--select", "GF016")


TRAINER = '''import hashlib
import json
from dataclasses import dataclass

import torch
from accelerate import Accelerator
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
data = torch.randn(48, 4)
targets = data @ torch.randn(4, 1)
batches = [(data[i : i + 4], targets[i : i + 4]) for i in range(0, 48, 4)]


@dataclass
class Options:
    accum: int = 3
    lr: float = 0.05


class Trainer:
    def __init__(self, opts: Options) -> None:
        self.opts = opts
        self.accelerator = Accelerator(cpu=True, gradient_accumulation_steps=opts.accum)
        net = nn.Linear(4, 1)
        self.net, self.opt = self.accelerator.prepare(net, torch.optim.SGD(net.parameters(), lr=opts.lr, momentum=0.9))

    def step(self, x, y):
        with self.accelerator.accumulate(self.net):
            loss = nn.functional.mse_loss(self.net(x), y)
            self.accelerator.backward(LOSS)
            self.opt.step()
            self.opt.zero_grad()
        return loss.item()


trainer = Trainer(Options())
losses = []
for epoch in range(2):
    for x, y in batches:
        losses.append(trainer.step(x, y))
digest = hashlib.sha256()
for param in trainer.net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_setting_kept_on_self_removed_like_the_hand_fix(tmp_path: Path) -> None:
    """`gradient_accumulation_steps=opts.accum` in `__init__`, `self.opts = opts`, and the
    method divides by `self.opts.accum`: the same count, the division goes."""
    assert_fixed_like_hand(tmp_path, TRAINER.replace("LOSS", "loss / self.opts.accum"), TRAINER.replace("LOSS", "loss"), "--select", "GF016")
