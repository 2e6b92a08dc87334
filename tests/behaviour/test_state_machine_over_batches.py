"""A `while` state machine over the epochs ("open" starts an epoch, "step" runs once per batch
until `next(feed, None)` drains the iterator, "close" ends the epoch), read as the nested loops
it runs as (gradfix/phase_loops.py): GF001 clears on every batch of a clear written for the
first batch only, GF011 moves the clear of every micro-batch after the window's step and the
closing state's flush, GF006 flushes the tail first in the closing state, GF030 builds the
optimizer the batch state builds on every batch once, before the machine. Each fixed script trains exactly like the hand-fixed one, and the buggy
one trains otherwise. Ten batches with a window of four: each epoch ends on a tail of two."""

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
data = torch.randn(80, 5)
targets = data @ torch.randn(5, 2)
net = nn.Sequential(nn.Linear(5, 10), nn.ReLU(), nn.Linear(10, 2))
opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
batches = [(data[i : i + 8], targets[i : i + 8]) for i in range(0, 80, 8)]
losses = []


def fit(epochs, accum=4):
    stage = "open"
    done = 0
    feed = None
    k = -1
{before}    while stage != "closed":
        if stage == "open":
            feed = enumerate(batches)
            stage = "step"
        elif stage == "step":
            pair = next(feed, None)
            if pair is None:
                stage = "close"
                continue
            k, (x, y) = pair
'''
FOOT = '''            losses.append(loss.item())
        elif stage == "close":
{close}            done += 1
            stage = "open" if done < epochs else "closed"


fit(3)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

FLUSH = '''            if (k + 1) % accum != 0:
                opt.step()
'''

CASES = {
    "GF001": (
        '''            if k == 0:
                opt.zero_grad()
            loss = nn.functional.mse_loss(net(x), y)
            loss.backward()
            opt.step()
''',
        '''            opt.zero_grad(set_to_none=True)
            if k == 0:
                opt.zero_grad()
            loss = nn.functional.mse_loss(net(x), y)
            loss.backward()
            opt.step()
''',
        "",
        "",
    ),
    "GF030": (
        '''            opt = torch.optim.Adam(net.parameters(), lr=1e-2)
            opt.zero_grad()
            loss = nn.functional.mse_loss(net(x), y)
            loss.backward()
            opt.step()
''',
        '''            opt.zero_grad()
            loss = nn.functional.mse_loss(net(x), y)
            loss.backward()
            opt.step()
''',
        "",
        "",
    ),
    "GF011": (
        '''            opt.zero_grad()
            loss = nn.functional.mse_loss(net(x), y) / accum
            loss.backward()
            if (k + 1) % accum == 0:
                opt.step()
''',
        '''            loss = nn.functional.mse_loss(net(x), y) / accum
            loss.backward()
            if (k + 1) % accum == 0:
                opt.step()
                opt.zero_grad()
''',
        FLUSH,
        FLUSH + "                opt.zero_grad()\n",
    ),
}


@pytest.mark.parametrize("code", sorted(CASES))
def test_a_state_machine_fixed_trains_like_the_hand_fix(tmp_path: Path, code: str) -> None:
    buggy, hand, close, hand_close = CASES[code]
    # GF030 builds the optimizer once, before the state machine (where the `for` reading has it)
    built = "    opt = torch.optim.Adam(net.parameters(), lr=1e-2)\n" if code == "GF030" else ""
    assert_fixed_like_hand(
        tmp_path,
        HEAD.format(before="") + buggy + FOOT.format(close=close),
        HEAD.format(before=built) + hand + FOOT.format(close=hand_close),
        "--select",
        code,
    )


def test_a_state_machine_flushed_by_gf006_trains_like_the_hand_fix(tmp_path: Path) -> None:
    """GF006's flush "after the loop" goes first in the closing state (and the index it reads
    is reset to -1 in the opening state, after the state is set), where the machine runs it
    once the batches are drained."""
    batch = """            loss = nn.functional.mse_loss(net(x), y) / accum
            loss.backward()
            if (k + 1) % accum == 0:
                opt.step()
                opt.zero_grad()
"""
    buggy = HEAD.format(before="") + batch + FOOT.format(close="")
    hand = (
        HEAD.format(before="").replace(
            '            stage = "step"\n',
            '            stage = "step"\n            k = -1  # the flush after the loop reads it, also when the loop runs no batch\n',
            1,
        )
        + batch
        + FOOT.format(
            close="""            # the last micro-batches did not fill a whole window: step on them too
            if (k + 1) % accum != 0:
                opt.step()
                opt.zero_grad()
"""
        )
    )
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF006")
