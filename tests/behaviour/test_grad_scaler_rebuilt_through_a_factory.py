"""GF029 through a factory binding a local then returning it: a method of the loop's class
(`self.scaler = self._new_scaler()` in a `while` loop) and a function of the module (`scaler =
make_scaler()` in a batch loop). With an initial scale at which the float32 gradients overflow,
a scaler built once skips a few steps, halving its scale, then trains; one built on every
iteration skips every step. The fix moves the call before the loop; the fixed script trains
exactly like the hand fix (losses and weights) and not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), 8.0 * torch.randn(32, 2)
INIT = 2.0**127  # the gradients overflow at this scale: the first steps are skipped
loader = [(X[i : i + 8], Y[i : i + 8]) for i in range(0, 32, 8)]
losses = []


class Trainer:
    def __init__(self, net):
        self.net = net
        self.optimizer = torch.optim.SGD(self.net.parameters(), lr=0.02)

    def _new_scaler(self):
        scaler = torch.amp.GradScaler("cpu", init_scale=INIT, growth_interval=3)
        return scaler

    def fit(self, steps):
        step = 0
{trainer_before}        while step < steps:
{trainer_inside}            x, y = loader[step % len(loader)]
            self.optimizer.zero_grad()
            loss = F.mse_loss(self.net(x), y)
            self.scaler.scale(loss).backward()
            self.scaler.step(self.optimizer)
            self.scaler.update()
            losses.append(loss.item())
            step += 1


def make_scaler():
    built = torch.amp.GradScaler("cpu", init_scale=INIT)
    return built


def train(net, optimizer, epochs):
{train_before}    for x, y in loader * epochs:
{train_inside}        optimizer.zero_grad()
        loss = F.mse_loss(net(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        losses.append(loss.item())


first = torch.nn.Linear(5, 2)
Trainer(first).fit(300)
second = torch.nn.Linear(5, 2)
train(second, torch.optim.SGD(second.parameters(), lr=0.02), 80)

digest = hashlib.sha256()
for param in [*first.parameters(), *second.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

TRAINER = "self.scaler = self._new_scaler()\n"
TRAIN = "scaler = make_scaler()\n"

BUGGY = SCRIPT.format(trainer_before="", trainer_inside=" " * 12 + TRAINER, train_before="", train_inside=" " * 8 + TRAIN)
HAND = SCRIPT.format(trainer_before=" " * 8 + TRAINER, trainer_inside="", train_before=" " * 4 + TRAIN, train_inside="")


def test_scalers_from_factories_built_once_train_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, BUGGY, HAND, "--select", "GF029")
