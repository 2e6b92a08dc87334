"""GF001, GF011 and GF015 on a step function run once per batch through a lambda in `map`
(`list(map(lambda b: fit(model, opt, b), loader))`), a wrapper that only calls it folded by
`functools.reduce` in an epoch function (`def fold(total, b): return total + fit(b)`), an inline
`functools.partial(fit, model, opt)` iterated by a `for` loop (`for loss in map(...)`) and a
lambda calling a method, in a method. The loop model reads each as `for b in loader:
fit(model, opt, b)`; the fix is the one the `for` form gets, inside the step function. Each
fixed script is the hand fix's text and trains exactly like it; the buggy one trains
otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import functools
import hashlib
import json

import torch

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(60, 4), torch.randn(60, 2)
loader = [(X[i : i + 6], Y[i : i + 6]) for i in range(0, 60, 6)]
WINDOW = 4
'''

TAIL = '''digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

LAMBDA = HEAD + '''model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.05)


def fit(net, optimizer, batch):
STEP
    return loss.item()


losses = list(map(lambda b: fit(model, opt, b), loader))
losses += list(map(lambda b: fit(model, opt, b), loader))
''' + TAIL

GF001_BUGGY = '''    x, y = batch
    loss = torch.nn.functional.mse_loss(net(x), y)
    loss.backward()
    optimizer.step()'''
GF001_HAND = '''    optimizer.zero_grad(set_to_none=True)
    x, y = batch
    loss = torch.nn.functional.mse_loss(net(x), y)
    loss.backward()
    optimizer.step()'''

FOLD = HEAD + '''model = torch.nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
seen = 0
losses = []


def accumulate(batch):
    global seen
    x, y = batch
STEP
    losses.append(loss.item())
    return loss.item()


def fold(total, batch):
    return total + accumulate(batch)


def train_epoch(batches):
    return functools.reduce(fold, batches, 0.0)


train_epoch(loader)
train_epoch(loader)
''' + TAIL

GF011_BUGGY = '''    opt.zero_grad(set_to_none=True)
    loss = torch.nn.functional.mse_loss(model(x), y) / WINDOW
    loss.backward()
    seen += 1
    if seen % WINDOW == 0:
        opt.step()'''
GF011_HAND = '''    loss = torch.nn.functional.mse_loss(model(x), y) / WINDOW
    loss.backward()
    seen += 1
    if seen % WINDOW == 0:
        opt.step()
        opt.zero_grad(set_to_none=True)'''

PARTIAL = HEAD + '''model = torch.nn.Linear(4, 2)
opt = torch.optim.Adam(model.parameters(), lr=1e-2)
count = 0


def micro_step(net, optimizer, batch):
    global count
    x, y = batch
    loss = torch.nn.functional.mse_loss(net(x), y) / WINDOW
    loss.backward()
STEP
    count += 1
    return loss.item()


def train(net, optimizer, batches):
    out = []
    for value in map(functools.partial(micro_step, net, optimizer), batches):
        out.append(value)
    return out


losses = train(model, opt, loader) + train(model, opt, loader)
''' + TAIL

GF015_BUGGY = '''    if count % WINDOW == 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)'''
GF015_HAND = '''    if (count + 1) % WINDOW == 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)'''

METHOD = HEAD + '''class Learner:
    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.5)

    def learn(self, batch):
STEP
        return loss.item()

    def epoch(self, batches):
        return list(map(lambda b: self.learn(b), batches))


model = torch.nn.Linear(4, 2)
learner = Learner(model)
losses = learner.epoch(loader) + learner.epoch(loader)
''' + TAIL

METHOD_BUGGY = '''        x, y = batch
        loss = torch.nn.functional.mse_loss(self.net(x), y)
        loss.backward()
        self.opt.step()'''
METHOD_HAND = '''        self.opt.zero_grad(set_to_none=True)
        x, y = batch
        loss = torch.nn.functional.mse_loss(self.net(x), y)
        loss.backward()
        self.opt.step()'''


def test_gf001_step_run_by_a_lambda_in_map_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, LAMBDA.replace("STEP", GF001_BUGGY), LAMBDA.replace("STEP", GF001_HAND), "--select", "GF001")


def test_gf011_step_called_by_a_wrapper_a_function_folds_by_reduce_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, FOLD.replace("STEP", GF011_BUGGY), FOLD.replace("STEP", GF011_HAND), "--select", "GF011")


def test_gf015_partial_iterated_by_a_for_over_map_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, PARTIAL.replace("STEP", GF015_BUGGY), PARTIAL.replace("STEP", GF015_HAND), "--select", "GF015")


def test_gf001_method_run_by_a_lambda_in_a_method_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, METHOD.replace("STEP", METHOD_BUGGY), METHOD.replace("STEP", METHOD_HAND), "--select", "GF001")
