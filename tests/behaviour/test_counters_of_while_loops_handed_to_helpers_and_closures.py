"""Two loops gradfix could not read before (session 56): a `while` loop whose counter is handed
to a helper holding the accumulation window (`train_one(step, batch)` with `if step % N ==
0:` in the helper: GF015 moves it onto `step + 1`), and a closure made by a factory, bound at
the module's top level and called from a module-level `while` loop, that steps its scheduler
before its optimizer (GF012 swaps them). Each fixed script trains exactly like the hand-fixed
one, and the buggy one trains otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

PRELUDE = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
data = torch.randn(96, 5)
targets = data @ torch.randn(5, 2)
batches = [(data[i : i + 8], targets[i : i + 8]) for i in range(0, 96, 8)]  # 12: three windows of 4
losses = []
'''
REPORT = '''digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

WINDOW = PRELUDE + '''net = nn.Sequential(nn.Linear(5, 10), nn.ReLU(), nn.Linear(10, 2))
opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
accum = 4


def train_one(step, batch):
    x, y = batch
    loss = nn.functional.mse_loss(net(x), y) / accum
    loss.backward()
    if {test} % accum == 0:
        opt.step()
        opt.zero_grad()
    losses.append(loss.item())


def fit(epochs):
    for _ in range(epochs):
        step = 0
        while step < len(batches):
            train_one(step, batches[step])
            step += 1


fit(2)
''' + REPORT

CLOSURE = PRELUDE + '''net = nn.Sequential(nn.Linear(5, 10), nn.ReLU(), nn.Linear(10, 2))


def make_step(model):
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=3, gamma=0.5)

    def one_batch(x, y):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
{steps}        losses.append(loss.item())

    return one_batch


one_batch = make_step(net)
n = 0
while n < 10:
    one_batch(*batches[n % len(batches)])
    n += 1
''' + REPORT


def test_a_window_handed_a_while_counter_trains_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = WINDOW.replace("{test}", "step")
    hand = WINDOW.replace("{test}", "(step + 1)")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF015")


def test_a_closure_called_from_a_module_level_while_loop_trains_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = CLOSURE.replace("{steps}", "        sched.step()\n        opt.step()\n")
    hand = CLOSURE.replace("{steps}", "        opt.step()\n        sched.step()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF012")
