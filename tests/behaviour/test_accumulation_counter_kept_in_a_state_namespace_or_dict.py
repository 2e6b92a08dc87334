"""GF005 on a window counted by hand on a state object handed to the step (`state.micro += 1`
in a `functools.partial`-bound step function, `state["micro"] += 1` in epochs run by
recursion): each micro-batch's full loss is accumulated, so every step is ACCUM times too
large. The fixed script trains exactly like the hand fix (the loss divided by the window)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

NAMESPACE = '''import functools
import hashlib
import json
import types

import torch

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(40, 4), torch.randn(40, 1)
loader = [(X[i : i + 4], Y[i : i + 4]) for i in range(0, 40, 4)]
ACCUM = 4
losses = []


def train_step(model, state, i, x, y):
    loss = torch.nn.functional.mse_loss(model(x), y)
    BACKWARD
    state.micro += 1
    if state.micro == ACCUM or i == len(loader) - 1:
        state.opt.step()
        state.opt.zero_grad()
        state.micro = 0
    return loss.item()


model = torch.nn.Linear(4, 1)
state = types.SimpleNamespace(micro=0)
state.opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
step = functools.partial(train_step, model, state)
for epoch in range(2):
    for i, (x, y) in enumerate(loader):
        losses.append(step(i, x, y))
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

DICT = '''import hashlib
import json

import torch

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(40, 4), torch.randn(40, 1)
loader = [(X[i : i + 4], Y[i : i + 4]) for i in range(0, 40, 4)]
WINDOW = 3
losses = []


def run(model, state, epoch):
    if epoch == 3:
        return model
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        BACKWARD
        losses.append(loss.item())
        state["micro"] += 1
        if state["micro"] == WINDOW:
            state["opt"].step()
            state["opt"].zero_grad()
            state["micro"] = 0
    return run(model, state, epoch + 1)


model = torch.nn.Linear(4, 1)
run(model, {"opt": torch.optim.Adam(model.parameters(), lr=0.01), "micro": 0}, 0)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_counter_on_a_namespace_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = NAMESPACE.replace("BACKWARD", "loss.backward()")
    hand = NAMESPACE.replace("BACKWARD", "(loss / ACCUM).backward()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005")


def test_counter_in_a_dict_entry_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = DICT.replace("BACKWARD", "loss.backward()")
    hand = DICT.replace("BACKWARD", "(loss / WINDOW).backward()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005")
