"""GF023 on a trainer class that is handed its `GradScaler` and stores it (`self.scaler =
scaler` in `__init__`, or a `@dataclass` field): the method that scales the loss steps the
optimizer directly, with gradients still multiplied by the loss scale (and never updates the
scale: an `update()` after a plain step raises). The (unsafe) fix steps through the stored
scaler and updates it, and the fixed script trains exactly like the hand fix (torch's CPU
`GradScaler`, which scales as the CUDA one does)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

_REPORT = '''digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

PLAIN = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)


class AmpTrainer:
    def __init__(self, net, optim, scaler):
        self.net = net
        self.optim = optim
        self.scaler = scaler

    def train_step(self, x, y):
        self.optim.zero_grad()
        loss = F.mse_loss(self.net(x), y)
        self.scaler.scale(loss).backward()
        {step}
        return loss.item()


model = torch.nn.Linear(4, 1)
trainer = AmpTrainer(model, torch.optim.SGD(model.parameters(), lr=0.05), torch.amp.GradScaler("cpu"))
losses = [trainer.train_step(x, y) for x, y in zip(torch.randn(6, 8, 4), torch.randn(6, 8, 1))]
''' + _REPORT

DATACLASS = '''import hashlib
import json
from dataclasses import dataclass

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)


@dataclass
class Fit:
    net: torch.nn.Module
    opt: torch.optim.Optimizer
    scaler: object

    def run(self, batches):
        out = []
        for x, y in batches:
            self.opt.zero_grad()
            loss = F.l1_loss(self.net(x), y)
            self.scaler.scale(loss).backward()
            {step}
            out.append(loss.item())
        return out


model = torch.nn.Linear(4, 1)
loss_scaler = torch.amp.GradScaler("cpu")
losses = Fit(model, torch.optim.Adam(model.parameters(), lr=0.01), loss_scaler).run(zip(torch.randn(6, 8, 4), torch.randn(6, 8, 1)))
''' + _REPORT


def test_a_scaler_stored_in_init_steps_the_optimizer(tmp_path: Path) -> None:
    buggy = PLAIN.format(step="self.optim.step()")
    hand = PLAIN.format(step="self.scaler.step(self.optim)\n        self.scaler.update()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF023", "--unsafe-fixes")


def test_a_dataclass_scaler_field_steps_the_optimizer(tmp_path: Path) -> None:
    buggy = DATACLASS.format(step="self.opt.step()")
    hand = DATACLASS.format(step="self.scaler.step(self.opt)\n            self.scaler.update()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF023", "--unsafe-fixes")
