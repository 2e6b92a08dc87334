"""An accumulation window written as a `match` statement (`match (it + 1) % grad_accum: case
0: opt.step()`), read like the `if` it runs as (gradfix/match_arms.py): GF005 divides the
loss, GF015 moves a window counted from 0 (`match it % grad_accum`) onto `it + 1`, GF011 moves
the clear of every micro-batch into the window (the end of the `case 0:` arm, before `case _:`). Each fixed script trains exactly like the
hand-fixed one, and the buggy one trains otherwise. Nine batches: three whole windows, so the
window has no tail to flush."""

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
data = torch.randn(72, 5)
targets = data @ torch.randn(5, 2)
net = nn.Sequential(nn.Linear(5, 10), nn.ReLU(), nn.Linear(10, 2))
opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
batches = [(data[i : i + 8], targets[i : i + 8]) for i in range(0, 72, 8)]
losses = []


def fit(epochs, grad_accum=3):
    for _ in range(epochs):
        for it, (x, y) in enumerate(batches):
'''
FOOT = '''            losses.append(loss.item())


fit(3)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

CASES = {
    "GF005": (
        '''            loss = nn.functional.mse_loss(net(x), y)
            loss.backward()
            match (it + 1) % grad_accum:
                case 0:
                    opt.step()
                    opt.zero_grad()
                case _:
                    pass
''',
        '''            loss = nn.functional.mse_loss(net(x), y)
            (loss / grad_accum).backward()
            match (it + 1) % grad_accum:
                case 0:
                    opt.step()
                    opt.zero_grad()
                case _:
                    pass
''',
    ),
    "GF015": (
        '''            loss = nn.functional.mse_loss(net(x), y) / grad_accum
            loss.backward()
            match it % grad_accum:
                case 0:
                    opt.step()
                    opt.zero_grad()
''',
        '''            loss = nn.functional.mse_loss(net(x), y) / grad_accum
            loss.backward()
            match (it + 1) % grad_accum:
                case 0:
                    opt.step()
                    opt.zero_grad()
''',
    ),
    "GF011": (
        '''            opt.zero_grad()
            loss = nn.functional.mse_loss(net(x), y) / grad_accum
            loss.backward()
            match (it + 1) % grad_accum:
                case 0:
                    opt.step()
                case _:
                    pass
''',
        '''            loss = nn.functional.mse_loss(net(x), y) / grad_accum
            loss.backward()
            match (it + 1) % grad_accum:
                case 0:
                    opt.step()
                    opt.zero_grad()
                case _:
                    pass
''',
    ),
}


@pytest.mark.parametrize("code", sorted(CASES))
def test_a_match_window_fixed_trains_like_the_hand_fix(tmp_path: Path, code: str) -> None:
    buggy, hand = CASES[code]
    assert_fixed_like_hand(tmp_path, HEAD + buggy + FOOT, HEAD + hand + FOOT, "--select", code)
