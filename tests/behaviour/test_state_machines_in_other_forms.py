"""State machines over the epochs written in the forms `gradfix/phase_loops.py` reads besides
`while V != "exit":` with an `if` chain: `while True:` leaving by a `break` in the closing
state with a catch-all `else:` arm; a trainer keeping its state on `self.stage`, dispatching
with `match` and drawing each batch with `try: next(...)` / `except StopIteration`; a state kept
in a dict field with the batch in the `try`'s `else:`. In each, GF001 clears on every batch
(a clear written for the first batch only), GF011 moves the clear of every micro-batch after
the window's step and the closing state's flush, GF006 flushes the tail first in the closing
state: the fixed script trains exactly like the hand-fixed one, the buggy one otherwise. Ten
batches with a window of four: each epoch ends on a tail of two."""

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


def endless(batch: str, close: str, opened: str) -> str:
    return HEAD + f'''

def fit(epochs, accum=4):
    mode = "warm"
    rounds = 0
    feed = None
    k = -1
    while True:
        if mode == "warm":
            feed = enumerate(batches)
            mode = "run"
{_in(opened, 12)}        elif mode == "run":
            got = next(feed, None)
            if got is None:
                mode = "wrap"
                continue
            k, (x, y) = got
{_in(batch, 12)}        else:
{_in(close, 12)}            rounds += 1
            if rounds == epochs:
                break
            mode = "warm"


fit(3)
''' + FOOT


def trainer(batch: str, close: str, opened: str) -> str:
    body = batch.replace("opt.", "self.opt.")
    return HEAD + f'''

class Trainer:
    def __init__(self, opt):
        self.opt = opt
        self.stage = "idle"

    def fit(self, epochs, accum=4):
        self.stage = "start"
        seen = 0
        feed = None
        k = -1
        while self.stage != "stop":
            match self.stage:
                case "start":
                    feed = enumerate(batches)
                    self.stage = "batch"
{_in(opened, 20)}                case "batch":
                    try:
                        k, (x, y) = next(feed)
                    except StopIteration:
                        self.stage = "finish"
                        continue
{_in(body, 20)}                case "finish":
{_in(close.replace("opt.", "self.opt."), 20)}                    seen += 1
                    self.stage = "start" if seen < epochs else "stop"


Trainer(opt).fit(3)
''' + FOOT


def in_a_dict(batch: str, close: str, opened: str) -> str:
    return HEAD + f'''

def fit(epochs, accum=4):
    ctx = {{"step": "enter", "epoch": 0}}
    feed = None
    k = -1
    while ctx["step"] != "exit":
        if ctx["step"] == "enter":
            feed = enumerate(batches)
            ctx["step"] = "feed"
{_in(opened, 12)}        elif ctx["step"] == "feed":
            try:
                k, (x, y) = next(feed)
            except StopIteration:
                ctx["step"] = "leave"
            else:
{_in(batch, 16)}        elif ctx["step"] == "leave":
{_in(close, 12)}            ctx["epoch"] += 1
            ctx["step"] = "enter" if ctx["epoch"] < epochs else "exit"


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
FORMS = {"endless": endless, "trainer": trainer, "in_a_dict": in_a_dict}


@pytest.mark.parametrize("form", sorted(FORMS))
@pytest.mark.parametrize("code", sorted(CASES))
def test_a_state_machine_in_another_form_fixed_trains_like_the_hand_fix(tmp_path: Path, form: str, code: str) -> None:
    buggy, hand, close, hand_close, opened = CASES[code]
    write = FORMS[form]
    assert_fixed_like_hand(tmp_path, write(buggy, close, ""), write(hand, hand_close, opened), "--select", code)
