"""GF001 on a hand-written SGD step (`w -= lr * w.grad` under `torch.no_grad()`, `w.data -= lr
* w.grad.data`) over leaf tensors whose gradients nothing clears: every update applies the sum
of all gradients so far. The fix sets each `.grad` to None after the updates; the fixed script
trains exactly like the hand fix that zeroes them in place, and not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand, assert_same_training, run_script

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
x = torch.randn(32, 4)
y = torch.randint(0, 3, (32,))
w1 = torch.randn(4, 8, requires_grad=True)
b1 = torch.zeros(8, requires_grad=True)
w2 = torch.randn(8, 3, requires_grad=True)
lr = 0.05
losses = []
for it in range(40):
    loss = F.cross_entropy(torch.relu(x @ w1 + b1) @ w2, y)
    loss.backward()
    with torch.no_grad():
        w1 -= lr * w1.grad
        b1 -= lr * b1.grad
        w2.data -= lr * w2.grad.data
{clear}    losses.append(loss.item())
digest = hashlib.sha256()
for param in (w1, b1, w2):
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

FIXED = "    w1.grad = None\n    b1.grad = None\n    w2.grad = None\n"
HAND = "    for p in (w1, b1, w2):\n        p.grad.zero_()\n"


def test_manual_update_cleared_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, SCRIPT.format(clear=""), SCRIPT.format(clear=FIXED), "--select", "GF001")
    (tmp_path / "zeroed.py").write_text(SCRIPT.format(clear=HAND))
    (tmp_path / "none.py").write_text(SCRIPT.format(clear=FIXED))
    assert_same_training(run_script(tmp_path / "none.py"), run_script(tmp_path / "zeroed.py"))


PARAMETER_LOOP = '''import hashlib
import json

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
x = torch.randn(32, 4)
y = torch.randint(0, 3, (32,))
net = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 3))
lr = 0.05
losses = []
for epoch in range(4):
    for i in range(0, 32, 8):
        loss = F.cross_entropy(net(x[i : i + 8]), y[i : i + 8])
        torch.autograd.backward(loss)
        with torch.no_grad():
            for p in net.parameters():
                p -= lr * p.grad
{clear}        losses.append(loss.item())
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_manual_update_over_module_parameters_cleared_like_the_hand_fix(tmp_path: Path) -> None:
    """`for p in net.parameters(): p -= lr * p.grad` never cleared: the fix sets `p.grad = None`
    after each parameter's update, in that loop; it trains like `net.zero_grad()` before the
    forward pass, and the buggy loop trains otherwise."""
    fixed = PARAMETER_LOOP.format(clear="                p.grad = None\n")
    assert_fixed_like_hand(tmp_path, PARAMETER_LOOP.format(clear=""), fixed, "--select", "GF001")
    hand = PARAMETER_LOOP.format(clear="").replace("        loss = F.cross_entropy", "        net.zero_grad()\n        loss = F.cross_entropy")
    (tmp_path / "zeroed.py").write_text(hand)
    (tmp_path / "none.py").write_text(fixed)
    assert_same_training(run_script(tmp_path / "none.py"), run_script(tmp_path / "zeroed.py"))


ADD_WITH_ALPHA = '''import hashlib
import json

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
x = torch.randn(32, 4)
y = torch.randint(0, 3, (32,))
net = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 3))
scale = torch.zeros(3, requires_grad=True)
batches = iter([(x[i : i + 8], y[i : i + 8]) for _ in range(4) for i in range(0, 32, 8)])
losses, norms = [], []
while True:
    try:
        xb, yb = next(batches)
    except StopIteration:
        break
    loss = F.cross_entropy(net(xb) + scale, yb)
    loss.backward()
    norms.append(scale.grad.norm().item())
    for p in net.parameters():
        p.data.add_(p.grad.data, alpha=-0.05)
{clear_loop}    with torch.no_grad():
        scale.add_(scale.grad, alpha=-0.05)
{clear}    losses.append(loss.item())
digest = hashlib.sha256()
for param in (*net.parameters(), scale):
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_manual_update_by_add_with_alpha_in_a_while_loop_cleared_like_the_hand_fix(tmp_path: Path) -> None:
    """`p.data.add_(p.grad.data, alpha=-lr)` over a module's parameters and `scale.add_(...)` of
    a leaf tensor, in a `while True` loop over `next()` that logs a gradient's norm before the
    updates: never cleared, they apply the sum of every gradient so far. The fix sets each
    `.grad` to None after its update and trains like `zero_()` by hand; the buggy loop trains
    otherwise."""
    fixed = ADD_WITH_ALPHA.format(clear_loop="        p.grad = None\n", clear="    scale.grad = None\n")
    assert_fixed_like_hand(tmp_path, ADD_WITH_ALPHA.format(clear_loop="", clear=""), fixed, "--select", "GF001")
    hand = ADD_WITH_ALPHA.format(clear_loop="        p.grad.zero_()\n", clear="    scale.grad.zero_()\n")
    (tmp_path / "zeroed.py").write_text(hand)
    (tmp_path / "none.py").write_text(fixed)
    assert_same_training(run_script(tmp_path / "none.py"), run_script(tmp_path / "zeroed.py"))
