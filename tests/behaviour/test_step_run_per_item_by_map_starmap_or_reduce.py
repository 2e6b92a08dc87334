"""GF002 and GF010 on a step function run once per batch outside any loop statement: folded
over the batches by `functools.reduce`, run by `list(itertools.starmap(...))` as a factory's
closure, mapped as a method by `list(map(self.update, loader))`, or run by a comprehension a
function returns. The loop model reads each as `for b in loader: step(b)`; the fix is the one
the `for` form gets, inside the step function, never inside the comprehension, `map`, `starmap`
or `reduce`. Each fixed script is the hand fix's text and trains exactly like it; the buggy
one trains otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import functools
import hashlib
import itertools
import json

import torch

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(48, 4), torch.randn(48, 2)
loader = [(X[i : i + 6], Y[i : i + 6]) for i in range(0, 48, 6)]
'''

TAIL = '''digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

REDUCE = HEAD + '''model = torch.nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
losses = []


def fold(total, batch):
STEP
    losses.append(loss.item())
    return total + loss.item()


for epoch in range(2):
    functools.reduce(fold, loader, 0.0)
''' + TAIL

GF002_BUGGY = '''    x, y = batch
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.zero_grad(set_to_none=True)
    opt.step()'''
GF002_HAND = '''    opt.zero_grad(set_to_none=True)
    x, y = batch
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()'''

STARMAP = HEAD + '''model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.5)


def make_update(net, optimizer):
    def update(x, y):
        optimizer.zero_grad(set_to_none=True)
        loss = torch.nn.functional.mse_loss(net(x), y) * 20
        loss.backward()
STEP_AND_CLIP
        return loss.item()

    return update


def train():
    step = make_update(model, opt)
    return list(itertools.starmap(step, loader))


losses = train() + train()
''' + TAIL

GF010_BUGGY = '''        optimizer.step()
        torch.nn.utils.clip_grad_norm_(net.parameters(), 0.1)'''
GF010_HAND = '''        torch.nn.utils.clip_grad_norm_(net.parameters(), 0.1)
        optimizer.step()'''

METHOD = HEAD + '''class Learner:
    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.Adam(net.parameters(), lr=1e-2)

    def update(self, batch):
STEP
        return loss.item()

    def run_epoch(self, batches):
        return list(map(self.update, batches))


model = torch.nn.Linear(4, 2)
learner = Learner(model)
losses = learner.run_epoch(loader) + learner.run_epoch(loader)
''' + TAIL

METHOD_BUGGY = '''        x, y = batch
        loss = torch.nn.functional.mse_loss(self.net(x), y)
        loss.backward()
        self.opt.zero_grad(set_to_none=True)
        self.opt.step()'''
METHOD_HAND = '''        self.opt.zero_grad(set_to_none=True)
        x, y = batch
        loss = torch.nn.functional.mse_loss(self.net(x), y)
        loss.backward()
        self.opt.step()'''

RETURNED = HEAD + '''model = torch.nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.3)


def one_batch(x, y):
    opt.zero_grad(set_to_none=True)
    loss = torch.nn.functional.mse_loss(model(x), y) * 10
    loss.backward()
STEP_AND_CLIP
    return loss.item()


def run(chunks):
    return [one_batch(x, y) for x, y in chunks]


losses = run(loader) + run(loader)
''' + TAIL

RETURNED_BUGGY = '''    opt.step()
    torch.nn.utils.clip_grad_value_(model.parameters(), 0.05)'''
RETURNED_HAND = '''    torch.nn.utils.clip_grad_value_(model.parameters(), 0.05)
    opt.step()'''


def test_gf002_step_folded_by_functools_reduce_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(
        tmp_path, REDUCE.replace("STEP", GF002_BUGGY), REDUCE.replace("STEP", GF002_HAND), "--select", "GF002"
    )


def test_gf002_method_mapped_in_a_method_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(
        tmp_path, METHOD.replace("STEP", METHOD_BUGGY), METHOD.replace("STEP", METHOD_HAND), "--select", "GF002"
    )


def test_gf010_closure_run_by_itertools_starmap_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(
        tmp_path,
        STARMAP.replace("STEP_AND_CLIP", GF010_BUGGY),
        STARMAP.replace("STEP_AND_CLIP", GF010_HAND),
        "--select",
        "GF010",
    )


def test_gf010_step_run_by_a_comprehension_a_function_returns_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(
        tmp_path,
        RETURNED.replace("STEP_AND_CLIP", RETURNED_BUGGY),
        RETURNED.replace("STEP_AND_CLIP", RETURNED_HAND),
        "--select",
        "GF010",
    )
