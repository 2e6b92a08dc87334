"""GF011 on a window whose test also fires on every micro-batch when accumulation is switched
off through N itself (`if N is None or (i + 1) % N == 0:`): with a number, the loop clears on
every micro-batch and nothing accumulates. gradfix moves the clear after the window's step
(GF005/GF006 report the division and the tail without a fix, since `/ N` and `% N` would raise
with N None); the fixed script is the hand fix and trains exactly like it, and with N None
the fixed script still runs and trains as the buggy one did."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import apply_gradfix, assert_fixed_like_hand, assert_same_training, run_script

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
net = nn.Sequential(nn.Linear(3, 12), nn.Tanh(), nn.Linear(12, 1))
opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
data = [(torch.randn(6, 3), torch.randn(6, 1)) for _ in range(8)]
accum = {accum}
losses = []
for epoch in range(3):
    for i, (x, y) in enumerate(data):
{clear}        loss = nn.functional.mse_loss(net(x), y)
        (loss / (accum or 1)).backward()
        losses.append(loss.item())
        if accum is None or (i + 1) % accum == 0:
            opt.step()
{after}
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

CLEAR = "        opt.zero_grad()\n"
AFTER = "            opt.zero_grad()\n"


def test_clear_moves_into_the_window_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.format(accum=4, clear=CLEAR, after="")
    hand = SCRIPT.format(accum=4, clear="", after=AFTER)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF011,GF005,GF006")


def test_with_accumulation_off_the_fixed_script_trains_as_before(tmp_path: Path) -> None:
    (tmp_path / "buggy").mkdir()
    buggy = tmp_path / "buggy" / "train.py"
    buggy.write_text(SCRIPT.format(accum=None, clear=CLEAR, after=""))
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF011,GF005,GF006")
    assert fixed.read_text() == SCRIPT.format(accum=None, clear="", after=AFTER)
    assert_same_training(run_script(fixed), run_script(buggy))


ELIF = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
net = nn.Sequential(nn.Linear(3, 12), nn.Tanh(), nn.Linear(12, 1))
opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
data = [(torch.randn(6, 3), torch.randn(6, 1)) for _ in range(8)]
accum = 3
losses = []
for epoch in range(3):
    for i, (x, y) in enumerate(data):
        loss = nn.functional.mse_loss(net(x), y)
        (loss / (accum or 1)).backward()
        losses.append(loss.item())
        if accum is None:
            opt.step()
            opt.zero_grad()
        elif {test} % accum == 0:
            opt.step()
            opt.zero_grad()
    if accum is not None and (i + 1) % accum != 0:
        opt.step()
        opt.zero_grad()

digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_off_by_one_window_in_an_elif_is_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    """GF015 on the window written as the `elif` of an `if accum is None:` arm: only the
    `elif`'s test changes."""
    assert_fixed_like_hand(tmp_path, ELIF.format(test="i"), ELIF.format(test="(i + 1)"), "--select", "GF015,GF005,GF006,GF011")
