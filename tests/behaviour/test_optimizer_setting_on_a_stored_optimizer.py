"""GF024 on a trainer class that is handed its optimizer and stores it (`self.optim = optim`
in `__init__`, or a `@dataclass` field): a rate (or weight decay) set as an attribute of the
stored optimizer never reaches its parameter groups. The fix writes it into them, and the
fixed script trains exactly like the hand fix."""

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
losses = []


class Trainer:
    def __init__(self, net, optim):
        self.net = net
        self.optim = optim

    def epoch(self, number, batches):
        self.optim.lr = 0.1 * 0.3 ** number
{hand}        for x, y in batches:
            self.optim.zero_grad()
            loss = F.mse_loss(self.net(x), y)
            loss.backward()
            self.optim.step()
            losses.append(loss.item())


model = torch.nn.Linear(4, 1)
trainer = Trainer(model, torch.optim.SGD(model.parameters(), lr=0.1))
data = list(zip(torch.randn(4, 8, 4), torch.randn(4, 8, 1)))
for number in range(3):
    trainer.epoch(number, data)
''' + _REPORT

DATACLASS = '''import hashlib
import json
from dataclasses import dataclass

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
losses = []


@dataclass
class Finetune:
    model: torch.nn.Module
    adamw: torch.optim.Optimizer
    steps: int = 8

    def run(self, x, y):
        for step in range(self.steps):
            if step == self.steps // 2:
                setattr(self.adamw, "weight_decay", 0.0)
{hand}            self.adamw.zero_grad()
            loss = F.smooth_l1_loss(self.model(x), y)
            loss.backward()
            self.adamw.step()
            losses.append(loss.item())


model = torch.nn.Linear(4, 1)
Finetune(model, torch.optim.AdamW(model.parameters(), lr=0.05, weight_decay=0.5)).run(torch.randn(8, 4), torch.randn(8, 1))
''' + _REPORT


def test_a_rate_set_on_an_optimizer_stored_in_init(tmp_path: Path) -> None:
    buggy = PLAIN.format(hand="")
    hand = PLAIN.format(hand='        for param_group in self.optim.param_groups:\n            param_group["lr"] = self.optim.lr\n')
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF024")


def test_weight_decay_set_on_a_dataclass_optimizer_field(tmp_path: Path) -> None:
    buggy = DATACLASS.format(hand="")
    hand = DATACLASS.format(
        hand='                for param_group in self.adamw.param_groups:\n'
        '                    param_group["weight_decay"] = self.adamw.weight_decay\n'
    )
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF024")


PROPERTY = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
losses = []


class BaseTrainer:
    def __init__(self, net, optimizer):
        self.net = net
        self._optimizer = optimizer

    @property
    def optimizer(self):
        return self._optimizer

    def train_step(self, x, y):
        raise NotImplementedError

    def __call__(self, batches, epochs=3):
        for epoch in range(epochs):
            self.optimizer.lr = 0.1 * 0.3 ** epoch
{hand}            for x, y in batches:
                losses.append(self.train_step(x, y))


class RegressionTrainer(BaseTrainer):
    def train_step(self, x, y):
        self.optimizer.zero_grad()
        loss = F.mse_loss(self.net(x), y)
        loss.backward()
        self.optimizer.step()
        return loss.item()


model = torch.nn.Linear(4, 1)
RegressionTrainer(model, torch.optim.SGD(model.parameters(), lr=0.1))(list(zip(torch.randn(4, 8, 4), torch.randn(4, 8, 1))))
''' + _REPORT


def test_a_rate_set_through_a_property_of_a_base_trainer(tmp_path: Path) -> None:
    buggy = PROPERTY.format(hand="")
    hand = PROPERTY.format(
        hand='            for param_group in self.optimizer.param_groups:\n'
        '                param_group["lr"] = self.optimizer.lr\n'
    )
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF024")
