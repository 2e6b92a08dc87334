"""Steps written as module functions handed the trainer object (`STEPS[self.kind](self, batch)`,
`micro_step(self, x, y)`): their `tr.model` and `tr.optimizer` are the trainer's `self.model` and
`self.optimizer`. Each fixed script trains exactly like its hand fix, and the buggy one does not:

- GF002: `tr.model.zero_grad()` between the backward and `tr.optimizer.step()` (the optimizer
  built over the model in `__init__`) wipes every update; the fix clears at the top of the step;
- GF016: the loss divided by the count inside `accelerator.accumulate(...)`, which divides it
  again (Accelerate on the CPU, windows of 2);
- GF017: the eval at the end of the epoch, after batches trained by the registered step;
- GF001: a registered step calling a second registry's update that never clears."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import hashlib
import json

import torch

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(24, 4), torch.randn(24, 1)
STEPS = {}
losses = []


def register_step(name):
    def deco(fn):
        STEPS[name] = fn
        return fn

    return deco

'''

TAIL = '''
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

GF002 = HEAD + '''
@register_step("plain")
def plain_step(tr, batch):
CLEAR    x, y = batch
    loss = torch.nn.functional.mse_loss(tr.model(x), y)
    loss.backward()
BETWEEN    tr.optimizer.step()
    losses.append(loss.item())


class Trainer:
    kind = "plain"

    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.05, momentum=0.9)

    def fit(self, epochs):
        for _ in range(epochs):
            for i in range(0, 24, 6):
                STEPS[self.kind](self, (X[i : i + 6], Y[i : i + 6]))


model = torch.nn.Linear(4, 1)
Trainer(model).fit(3)
''' + TAIL

GF017 = HEAD + '''
@register_step("plain")
def plain_step(tr, batch):
    x, y = batch
    tr.optimizer.zero_grad()
    loss = torch.nn.functional.mse_loss(tr.model(x), y)
    loss.backward()
    tr.optimizer.step()
    losses.append(loss.item())


class Trainer:
    kind = "plain"

    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.05)

    def fit(self, epochs):
        self.model.train()
        for _ in range(epochs):
TRAIN            for i in range(0, 24, 6):
                STEPS[self.kind](self, (X[i : i + 6], Y[i : i + 6]))
            self.model.eval()
            with torch.no_grad():
                losses.append(torch.nn.functional.mse_loss(self.model(X), Y).item())


model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Dropout(0.5), torch.nn.Linear(8, 1))
Trainer(model).fit(3)
''' + TAIL

GF001 = HEAD + '''
UPDATES = {}


def update_rule(key):
    def wrap(func):
        UPDATES[key] = func
        return func

    return wrap


@update_rule("mse")
def mse_update(net, opt, x, y):
CLEAR    loss = torch.nn.functional.mse_loss(net(x), y)
    loss.backward()
    opt.step()
    return loss.item()


@register_step("plain")
def plain_step(tr, batch):
    x, y = batch
    losses.append(UPDATES["mse"](tr.model, tr.optimizer, x, y))


class Trainer:
    kind = "plain"

    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.05)

    def fit(self, epochs):
        for _ in range(epochs):
            for i in range(0, 24, 6):
                STEPS[self.kind](self, (X[i : i + 6], Y[i : i + 6]))


model = torch.nn.Linear(4, 1)
Trainer(model).fit(3)
''' + TAIL


def test_model_clear_in_a_step_handed_the_trainer_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = GF002.replace("CLEAR", "").replace("BETWEEN", "    tr.model.zero_grad()\n")
    hand = GF002.replace("CLEAR", "    tr.model.zero_grad()\n").replace("BETWEEN", "")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF002")


def test_eval_after_a_registered_step_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = GF017.replace("TRAIN", "")
    hand = GF017.replace("TRAIN", "            self.model.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")


def test_update_of_a_second_registry_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = GF001.replace("CLEAR", "")
    hand = GF001.replace("CLEAR", "    opt.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")
