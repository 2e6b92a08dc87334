"""Three shapes of held-out set variants52 (fix52-v), each fixed and run against its hand fix:
- GF001 in a batch step that declares the optimizer `global` (after a docstring): the clear goes
  after the declaration (before it, the fixed file would not compile);
- GF020 with the batch loop in the "train" arm of a phase loop (`for phase in ("train", "eval"):`
  / `if phase == "train":`): the epoch-horizon scheduler steps once after the batch loop, in that
  arm, not after the arm's `if` (which the phase loop runs twice per epoch);
- GF002 in the batch step of a chain of subclasses (`Base.fit` calls the stub `self.fit_batch`,
  `Regression(Base)` writes it, `Logged(HistoryMixin, Regression)` chains to it through
  `super()`), of which the script builds one: the clear moves to the top of the step."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
DATA = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(5)]


def report(model, losses):
    digest = hashlib.sha256()
    for param in model.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

GLOBAL = HEAD + '''
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
losses = []
steps = 0


def train_batch(x, y):
    """One step on a batch."""
    global steps, optimizer
{clear}    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    steps += 1
    return loss.item()


for epoch in range(3):
    for x, y in DATA:
        losses.append(train_batch(x, y))
report(model, losses)
'''

PHASES = HEAD + '''
EPOCHS = 4
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=EPOCHS)
losses = []
for epoch in range(EPOCHS):
    for phase in ("train", "eval"):
        if phase == "train":
            model.train()
            for x, y in DATA:
                optimizer.zero_grad()
                loss = nn.functional.mse_loss(model(x), y)
                loss.backward()
                optimizer.step()
{inner}{after}        else:
            model.eval()
            with torch.no_grad():
                losses.append(sum(nn.functional.mse_loss(model(x), y).item() for x, y in DATA))
report(model, losses)
'''

CHAIN = HEAD + '''

class HistoryMixin:
    def remember(self, value):
        self.history.append(value)


class Base:
    def __init__(self, net):
        self.net = net
        self.history = []
        self.opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)

    def fit_batch(self, x, y):
        raise NotImplementedError

    def fit(self, epochs):
        for _ in range(epochs):
            for x, y in DATA:
                self.fit_batch(x, y)


class Regression(Base):
    def fit_batch(self, x, y):
{clear}        loss = nn.functional.mse_loss(self.net(x), y)
        loss.backward()
{between}        self.opt.step()
        return loss


class Logged(HistoryMixin, Regression):
    def fit_batch(self, x, y):
        loss = super().fit_batch(x, y)
        self.remember(loss.item())
        return loss


trainer = Logged(nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1)))
trainer.fit(3)
report(trainer.net, trainer.history)
'''


def test_clear_after_the_global_declaration_trains_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = GLOBAL.format(clear="")
    hand = GLOBAL.format(clear="    optimizer.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")


def test_scheduler_stepped_after_the_batch_loop_in_the_train_arm(tmp_path: Path) -> None:
    buggy = PHASES.format(inner="                scheduler.step()\n", after="")
    hand = PHASES.format(inner="", after="            scheduler.step()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF020", "--unsafe-fixes")


def test_clear_moved_to_the_top_of_the_step_of_a_subclass_chain(tmp_path: Path) -> None:
    buggy = CHAIN.format(clear="", between="        self.opt.zero_grad()\n")
    hand = CHAIN.format(clear="        self.opt.zero_grad()\n", between="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF002")
