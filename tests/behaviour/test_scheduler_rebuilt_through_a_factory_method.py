"""GF025 through a factory the module's `return` does not hand back directly: a method of the
loop's class (`schedule = self.build_schedule()` in the epoch loop, `return
CosineAnnealingLR(self.optimizer, T_max=self.epochs)`) and a function binding a local then
returning it (`scheduler = decay_schedule(optimizer, 0.5)` in a `while` loop, a `StepLR`).
Rebuilt on every iteration each schedule starts over and the learning rate never follows it.
The fix moves the call before the loop; the fixed script trains exactly like the hand fix
(losses and weights) and not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch.optim import lr_scheduler

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(16, 4), torch.randn(16, 2)
loader = [(X[i : i + 4], Y[i : i + 4]) for i in range(0, 16, 4)]
seen = []


class Trainer:
    def __init__(self, model, epochs):
        self.model = model
        self.epochs = epochs
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.2, momentum=0.9)

    def build_schedule(self):
        return lr_scheduler.CosineAnnealingLR(self.optimizer, T_max=self.epochs)

    def fit(self):
{trainer_before}        for epoch in range(self.epochs):
{trainer_inside}            for x, y in loader:
                self.optimizer.zero_grad()
                loss = torch.nn.functional.mse_loss(self.model(x), y)
                loss.backward()
                self.optimizer.step()
                seen.append(float(loss))
            schedule.step()


def decay_schedule(optimizer, gamma):
    scheduler = lr_scheduler.StepLR(optimizer, step_size=3, gamma=gamma)
    return scheduler


def train(model, total):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    step = 0
{train_before}    while step < total:
        x, y = loader[step % len(loader)]
{train_inside}        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        scheduler.step()
        seen.append(float(loss))
        step += 1


first = torch.nn.Sequential(torch.nn.Linear(4, 6), torch.nn.Tanh(), torch.nn.Linear(6, 2))
Trainer(first, 4).fit()
second = torch.nn.Linear(4, 2)
train(second, 12)

digest = hashlib.sha256()
for param in [*first.parameters(), *second.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": seen, "weights_sha256": digest.hexdigest()}}))
'''

TRAINER = "schedule = self.build_schedule()\n"
TRAIN = "scheduler = decay_schedule(optimizer, 0.5)\n"

BUGGY = SCRIPT.format(trainer_before="", trainer_inside=" " * 12 + TRAINER, train_before="", train_inside=" " * 8 + TRAIN)
HAND = SCRIPT.format(trainer_before=" " * 8 + TRAINER, trainer_inside="", train_before=" " * 4 + TRAIN, train_inside="")


def test_schedules_from_factories_built_once_train_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, BUGGY, HAND, "--select", "GF025")
