"""GF006 when the window's test has a second `and` operand that holds, or not, for the whole
batch loop (`if (i + 1) % N == 0 and phase == "train":` in a phase loop; `if step % self.accum
== 0 and self.update_weights:` in a method): the micro-batches after the last full window never
reach `step()`. The flush after the loop repeats that operand (`if phase == "train" and (i + 1)
% N != 0:`); the fixed script trains exactly like the hand fix, not like the buggy one. The same
with a counter reset at the step instead of `%` (`count == every and phase == "train"`, and
`micro >= self.accum and not self.frozen` in a method): the flush steps when the counter
is not 0; also when that counter is kept on the instance (`self.micro`), reset before the
loop and in the window, and no other method writes it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import hashlib
import json

import torch

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(30, 4), torch.randn(30, 1)
BATCHES = [(X[i : i + 3], Y[i : i + 3]) for i in range(0, 30, 3)]
seen = []
'''

PHASES = '''model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
loaders = {"train": BATCHES, "val": BATCHES[:4]}
for epoch in range(3):
    for phase in ["train", "val"]:
        optimizer.zero_grad()
BIND        for i, (x, y) in enumerate(loaders[phase]):
            loss = torch.nn.functional.mse_loss(model(x), y) / 4
            loss.backward()
            seen.append(loss.item())
            if (i + 1) % 4 == 0 and phase == "train":
                optimizer.step()
                optimizer.zero_grad()
RESTORE'''

METHOD = '''

class Finetuner:
    def __init__(self, net, accum, update_weights=True):
        self.net = net
        self.accum = accum
        self.update_weights = update_weights
        self.opt = torch.optim.Adam(net.parameters(), lr=0.01)

    def epoch(self, loader):
        self.opt.zero_grad()
BIND        for step, (x, y) in enumerate(loader, 1):
            loss = torch.nn.functional.mse_loss(self.net(x), y)
            (loss / self.accum).backward()
            seen.append(loss.item())
            if step % self.accum == 0 and self.update_weights:
                self.opt.step()
                self.opt.zero_grad()
RESTORE

model = torch.nn.Linear(4, 1)
tuner = Finetuner(model, 4)
for _ in range(3):
    tuner.epoch(BATCHES)
'''

# the fix binds the index the flush reads before the loop too (a loader with no batch): -1,
# 0 for `enumerate(loader, 1)`
PHASES_BIND = "        i = -1  # the flush after the loop reads it, also when the loop runs no batch\n"
METHOD_BIND = "        step = 0  # the flush after the loop reads it, also when the loop runs no batch\n"
BINDS = {"phases": PHASES_BIND, "method": METHOD_BIND}

FLUSHES = {
    "phases": (
        PHASES,
        "\n        # the last micro-batches did not fill a whole window: step on them too\n"
        '        if phase == "train" and (i + 1) % 4 != 0:\n'
        "            optimizer.step()\n"
        "            optimizer.zero_grad()\n",
    ),
    "method": (
        METHOD,
        "\n        # the last micro-batches did not fill a whole window: step on them too\n"
        "        if self.update_weights and step % self.accum != 0:\n"
        "            self.opt.step()\n"
        "            self.opt.zero_grad()\n",
    ),
}

COUNTED = '''model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
loaders = {"train": BATCHES, "val": BATCHES[:4]}
every = 4
for epoch in range(3):
    for phase in ["train", "val"]:
        count = 0
        optimizer.zero_grad()
        for x, y in loaders[phase]:
            count += 1
            loss = torch.nn.functional.mse_loss(model(x), y) / every
            loss.backward()
            seen.append(loss.item())
            if count == every and phase == "train":
                count = 0
                optimizer.step()
                optimizer.zero_grad()
RESTORE'''

COUNTED_METHOD = '''

class Tuner:
    def __init__(self, net, accum, frozen=False):
        self.net = net
        self.accum = accum
        self.frozen = frozen
        self.opt = torch.optim.Adam(net.parameters(), lr=0.01)

    def run_epoch(self, loader):
        self.opt.zero_grad()
        micro = 0
        for x, y in loader:
            micro += 1
            loss = torch.nn.functional.mse_loss(self.net(x), y)
            (loss / self.accum).backward()
            seen.append(loss.item())
            if micro >= self.accum and not self.frozen:
                micro = 0
                self.opt.step()
                self.opt.zero_grad()
RESTORE

model = torch.nn.Linear(4, 1)
tuner = Tuner(model, 4)
for _ in range(3):
    tuner.run_epoch(BATCHES)
'''

FLUSHES["counted"] = (
    COUNTED,
    "\n        # the last micro-batches did not fill a whole window: step on them too\n"
    '        if phase == "train" and count != 0:\n'
    "            optimizer.step()\n"
    "            optimizer.zero_grad()\n",
)
FLUSHES["counted_method"] = (
    COUNTED_METHOD,
    "\n        # the last micro-batches did not fill a whole window: step on them too\n"
    "        if not self.frozen and micro != 0:\n"
    "            self.opt.step()\n"
    "            self.opt.zero_grad()\n",
)

# the same, the counter kept on the instance (`self.micro`), reset before the loop and in the window
COUNTED_ON_SELF = re.sub(r"(?<![.\w])micro\b", "self.micro", COUNTED_METHOD)
FLUSHES["counted_on_self"] = (
    COUNTED_ON_SELF,
    "\n        # the last micro-batches did not fill a whole window: step on them too\n"
    "        if not self.frozen and self.micro != 0:\n"
    "            self.opt.step()\n"
    "            self.opt.zero_grad()\n",
)

TAIL = '''digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": seen, "weights_sha256": digest.hexdigest()}))
'''


@pytest.mark.parametrize("shape", ["phases", "method", "counted", "counted_method", "counted_on_self"])
def test_the_tail_is_flushed_under_the_same_test(shape: str, tmp_path: Path) -> None:
    body, flush = FLUSHES[shape]
    buggy = HEAD + body.replace("BIND", "").replace("RESTORE", "") + TAIL
    hand = HEAD + body.replace("BIND", BINDS.get(shape, "")).replace("RESTORE", flush) + TAIL
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF006")
