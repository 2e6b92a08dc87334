"""Steps reached through `functools.partial` (`step = partial(train_step, net, opt, criterion)`,
the loop calling `step(x, y)`), through a method of an object a module-level loop calls
(`trainer.train_batch(batch)`), or through an object built in a function with the optimizer
handed in (`def run(net, opt): stepper = Stepper(net, opt)`): GF018 drops the softmax the loss
receives, GF029 builds the per-epoch scaler once, GF017 switches the model back to training.
Each fixed script trains exactly like its hand-fixed twin; the buggy one trains otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import functools
import hashlib
import json

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), torch.randn(32, 2)
loader = [(X[i : i + 8], Y[i : i + 8]) for i in range(0, 32, 8)]
losses = []
'''
TAIL = '''digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

SOFTMAX = HEAD + '''

def train_step(model, opt, criterion, x, y):
    opt.zero_grad()
    out = model(x)
{activation}    loss = criterion(out, y.argmax(1))
    loss.backward()
    opt.step()
    return loss.item()


net = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 2))
opt = torch.optim.SGD(net.parameters(), lr=0.1)
criterion = nn.CrossEntropyLoss()
step = functools.partial(train_step, net, opt, criterion)
for epoch in range(2):
    for x, y in loader:
        losses.append(step(x, y))
''' + TAIL

SCALER_PARTIAL = HEAD + '''

def train_step(model, opt, x, y):
    opt.zero_grad()
    loss = F.mse_loss(model(x), 8.0 * y)
    scaler.scale(loss).backward()
    scaler.step(opt)
    scaler.update()
    losses.append(loss.item())


net = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 2))
opt = torch.optim.SGD(net.parameters(), lr=0.02, momentum=0.9)
step = functools.partial(train_step, net, opt)
{before}for epoch in range(3):
{inside}    for x, y in loader:
        step(x, y)
''' + TAIL

SCALER_OBJECT = HEAD + '''

class Trainer:
    def __init__(self, model, opt):
        self.model = model
        self.opt = opt

    def train_batch(self, x, y):
        self.opt.zero_grad()
        loss = F.mse_loss(self.model(x), 8.0 * y)
        scaler.scale(loss).backward()
        scaler.step(self.opt)
        scaler.update()
        return loss.item()


net = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 2))
trainer = Trainer(net, torch.optim.SGD(net.parameters(), lr=0.02, momentum=0.9))
epoch = 0
{before}while epoch < 3:
{inside}    for x, y in loader:
        losses.append(trainer.train_batch(x, y))
    epoch += 1
''' + TAIL

EVAL_MODE = HEAD + '''

class Stepper:
    def __init__(self, model, opt):
        self.model = model
        self.opt = opt

    def update(self, x, y):
        self.opt.zero_grad()
        loss = F.mse_loss(self.model(x), y)
        loss.backward()
        self.opt.step()
        return loss.item()


def run(model, opt, epochs):
    stepper = Stepper(model, opt)
    for epoch in range(epochs):
{train}        for x, y in loader:
            losses.append(stepper.update(x, y))
        model.eval()
        with torch.no_grad():
            losses.append(sum(F.mse_loss(model(x), y).item() for x, y in loader))


net = nn.Sequential(nn.Linear(5, 8), nn.BatchNorm1d(8), nn.Tanh(), nn.Linear(8, 2))
opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.5)
run(net, opt, 3)
''' + TAIL

BUILD = 'scaler = torch.amp.GradScaler("cpu", init_scale=2.0**123, growth_interval=3)\n'


def test_softmax_dropped_in_a_step_function_bound_by_partial(tmp_path: Path) -> None:
    buggy = SOFTMAX.format(activation="    out = F.softmax(out, dim=1)\n")
    hand = SOFTMAX.format(activation="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF018")


def test_scaler_built_once_for_a_step_function_bound_by_partial(tmp_path: Path) -> None:
    buggy = SCALER_PARTIAL.format(before="", inside="    " + BUILD)
    hand = SCALER_PARTIAL.format(before=BUILD, inside="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF029")


def test_scaler_built_once_for_a_method_of_a_trainer_object(tmp_path: Path) -> None:
    buggy = SCALER_OBJECT.format(before="", inside="    " + BUILD)
    hand = SCALER_OBJECT.format(before=BUILD, inside="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF029")


def test_model_switched_back_for_a_stepper_with_the_optimizer_handed_in(tmp_path: Path) -> None:
    buggy = EVAL_MODE.format(train="")
    hand = EVAL_MODE.format(train="        model.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
