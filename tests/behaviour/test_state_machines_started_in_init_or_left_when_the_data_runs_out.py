"""Two more state-machine forms `gradfix/phase_loops.py` reads: a trainer whose state
`self.stage` only its `__init__` starts (no `self.stage = "start"` before the `while`), and a
machine run once per epoch whose batch state leaves the `while True:` when the data runs out
(`if got is None: break`, or `except StopIteration: break`). In each, GF001 clears on every batch
(a clear written for the first batch only), GF011 moves the clear of every micro-batch after the
window's step and the tail's flush, GF006 flushes the tail where the epoch ends (the closing
state, or right before the `break` that leaves when the data runs out): the fixed script trains
exactly like the hand-fixed one, the buggy one otherwise. Ten batches with a window of four: each
epoch ends on a tail of two."""

from __future__ import annotations

import textwrap
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
data = torch.randn(80, 5)
targets = data @ torch.randn(5, 2)
net = nn.Sequential(nn.Linear(5, 10), nn.ReLU(), nn.Linear(10, 2))
opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
batches = [(data[i : i + 8], targets[i : i + 8]) for i in range(0, 80, 8)]
losses = []
'''
FOOT = '''digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def _in(block: str, depth: int) -> str:
    return textwrap.indent(block, " " * depth)


def started_in_init(batch: str, close: str, opened: str) -> str:
    body = batch.replace("opt.", "self.opt.")
    return HEAD + f'''

class Trainer:
    def __init__(self, opt, epochs):
        self.opt = opt
        self.epochs = epochs
        self.stage = "start"

    def fit(self, accum=4):
        seen = 0
        feed = None
        k = -1
        while self.stage != "stop":
            if self.stage == "start":
                feed = enumerate(batches)
                self.stage = "batch"
{_in(opened, 16)}            elif self.stage == "batch":
                got = next(feed, None)
                if got is None:
                    self.stage = "finish"
                    continue
                k, (x, y) = got
{_in(body, 16)}            elif self.stage == "finish":
{_in(close.replace("opt.", "self.opt."), 16)}                seen += 1
                self.stage = "start" if seen < self.epochs else "stop"


Trainer(opt, 3).fit()
''' + FOOT


def until_exhausted(batch: str, close: str, opened: str) -> str:
    return HEAD + f'''

def fit(epochs, accum=4):
    k = -1
    for epoch in range(epochs):
        phase = "open"
        while True:
            if phase == "open":
                feed = enumerate(batches)
                phase = "draw"
{_in(opened, 16)}            elif phase == "draw":
                got = next(feed, None)
                if got is None:
{_in(close, 20)}                    break
                k, (x, y) = got
{_in(batch, 16)}

fit(3)
''' + FOOT


def until_stop_iteration(batch: str, close: str, opened: str) -> str:
    return HEAD + f'''

def fit(epochs, accum=4):
    k = -1
    for epoch in range(epochs):
        phase = "open"
        while True:
            match phase:
                case "open":
                    feed = enumerate(batches)
                    phase = "draw"
{_in(opened, 20)}                case "draw":
                    try:
                        k, (x, y) = next(feed)
                    except StopIteration:
{_in(close, 24)}                        break
{_in(batch, 20)}

fit(3)
''' + FOOT


STEP = """loss = nn.functional.mse_loss(net(x), y) / accum
loss.backward()
losses.append(loss.item())
"""
FLUSH = """if (k + 1) % accum != 0:
    opt.step()
"""
CASES = {
    # (buggy batch, hand batch, buggy close, hand close, hand's addition to the opening state)
    "GF001": (
        "if k == 0:\n    opt.zero_grad()\n" + STEP.replace(" / accum", "") + "opt.step()\n",
        "opt.zero_grad(set_to_none=True)\nif k == 0:\n    opt.zero_grad()\n" + STEP.replace(" / accum", "") + "opt.step()\n",
        "",
        "",
        "",
    ),
    "GF011": (
        "opt.zero_grad()\n" + STEP + "if (k + 1) % accum == 0:\n    opt.step()\n",
        STEP + "if (k + 1) % accum == 0:\n    opt.step()\n    opt.zero_grad()\n",
        FLUSH,
        FLUSH + "    opt.zero_grad()\n",
        "",
    ),
    "GF006": (
        STEP + "if (k + 1) % accum == 0:\n    opt.step()\n    opt.zero_grad()\n",
        STEP + "if (k + 1) % accum == 0:\n    opt.step()\n    opt.zero_grad()\n",
        "",
        "# the last micro-batches did not fill a whole window: step on them too\n" + FLUSH + "    opt.zero_grad()\n",
        "k = -1  # the flush after the loop reads it, also when the loop runs no batch\n",
    ),
}
FORMS = {"started_in_init": started_in_init, "until_exhausted": until_exhausted, "until_stop_iteration": until_stop_iteration}


@pytest.mark.parametrize("form", sorted(FORMS))
@pytest.mark.parametrize("code", sorted(CASES))
def test_a_state_machine_started_in_init_or_left_when_the_data_runs_out_fixed_trains_like_the_hand_fix(
    tmp_path: Path, form: str, code: str
) -> None:
    buggy, hand, close, hand_close, opened = CASES[code]
    write = FORMS[form]
    assert_fixed_like_hand(tmp_path, write(buggy, close, ""), write(hand, hand_close, opened), "--select", code)
