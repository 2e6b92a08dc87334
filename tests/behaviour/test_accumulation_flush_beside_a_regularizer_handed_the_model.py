"""GF006 on an accumulation window whose loss adds a regulariser computed by a call handed the
model (`reg = penalty(model) * lam`, `loss += lam * l1(model)` with `l1` imported from another
module of the project): the call computes a term of the loss before its backward pass, it does
not handle gradients, so the window's missing flush is reported and the fixed script trains
exactly like the hand fix. The same loop whose penalty is also handed the optimizer stays
silent: such a call may clear or step."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import apply_gradfix, assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn
{imports}

def weight_l1(net):
    return sum(p.abs().sum() for p in net.parameters())


def train(model, optimizer, data, penalty, lam=1e-3, every=3):
    losses = []
    for i, (x, y) in enumerate(data):
        loss = nn.functional.mse_loss(model(x), y) / every
{term}        loss.backward()
        losses.append(loss.item())
        if (i + 1) % every == 0:
            optimizer.step()
            optimizer.zero_grad()
{flush}    return losses


torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(8)]  # 8 = 2 windows of 3 and a tail of 2
losses = []
for epoch in range(3):
    losses += train(model, optimizer, data, weight_l1)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

FLUSH = """
    # the last micro-batches did not fill a whole window: step on them too
    if (i + 1) % every != 0:
        optimizer.step()
        optimizer.zero_grad()
"""

TERM = "        reg = penalty(model) * lam\n        loss = loss + reg\n"
HELPERS = "def l1_of(net):\n    return sum(p.abs().sum() for p in net.parameters())\n"


def _scripts(**fields: str) -> tuple[str, str]:
    buggy = SCRIPT.format(flush="", **fields)
    hand = SCRIPT.format(flush=FLUSH, **fields)
    # the fix reads the index after the loop: it binds it before the loop for an empty loader
    hand = hand.replace(
        "    for i, (x, y) in enumerate(data):",
        "    i = -1  # the flush after the loop reads it, also when the loop runs no batch\n"
        "    for i, (x, y) in enumerate(data):",
    )
    return buggy, hand


def test_regularizer_term_handed_the_model_is_flushed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy, hand = _scripts(imports="", term=TERM)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF006")


def test_imported_regularizer_added_in_place_is_flushed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy, hand = _scripts(imports="from helpers import l1_of\n", term="        loss += lam * l1_of(model)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF006", others={"helpers.py": HELPERS})


def test_penalty_handed_the_optimizer_too_stays_silent(tmp_path: Path) -> None:
    buggy, _ = _scripts(imports="", term="        loss = loss + penalty(model, optimizer) * lam\n")
    buggy = buggy.replace("def weight_l1(net):", "def weight_l1(net, optimizer=None):")
    path = tmp_path / "buggy" / "train.py"
    path.parent.mkdir()
    path.write_text(buggy)
    fixed = apply_gradfix(path, tmp_path / "fixed", "--select", "GF006")
    assert fixed.read_text() == buggy


def test_regularizer_bound_alone_then_added_is_flushed_like_the_hand_fix(tmp_path: Path) -> None:
    # the call is the whole value of its assignment; the name is added to the loss later
    term = "        reg = penalty(model)\n        loss = loss + lam * reg\n"
    buggy, hand = _scripts(imports="", term=term)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF006")


def test_regularizer_of_the_parameters_bound_alone_in_place_is_flushed_like_the_hand_fix(tmp_path: Path) -> None:
    term = "        reg = l1_of(model.parameters())\n        loss += reg * lam\n"
    helpers = "def l1_of(params):\n    return sum(p.abs().sum() for p in params)\n"
    buggy, hand = _scripts(imports="from helpers import l1_of\n", term=term)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF006", others={"helpers.py": helpers})


def test_helper_handed_the_batch_bound_alone_stays_silent(tmp_path: Path) -> None:
    # handed the batch too, the call may compute a whole loss and do what a training step does
    buggy, _ = _scripts(imports="", term="        aux = penalty(model, x)\n        loss = loss + lam * aux\n")
    buggy = buggy.replace("def weight_l1(net):", "def weight_l1(net, x=None):")
    path = tmp_path / "buggy" / "train.py"
    path.parent.mkdir()
    path.write_text(buggy)
    fixed = apply_gradfix(path, tmp_path / "fixed", "--select", "GF006")
    assert fixed.read_text() == buggy
