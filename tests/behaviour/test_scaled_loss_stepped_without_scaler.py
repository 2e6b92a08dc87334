"""GF023: the loss is scaled by a `GradScaler` (on the CPU here, `torch.amp.GradScaler("cpu")`)
for the backward, but an optimizer is stepped directly, applying gradients still multiplied by
the loss scale. With a second optimizer stepped through the scaler nothing fails and the head
trains on gradients 1024 times too large; with one optimizer the scaler's `update()` fails on
the first iteration. `optimizer.step()` becomes `scaler.step(optimizer)`, and the fixed script
trains exactly like the hand fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import ScriptError, apply_gradfix, assert_fixed_like_hand, assert_same_training, run_script

pytest.importorskip("torch")

TWO_OPTIMIZERS = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
encoder = nn.Sequential(nn.Linear(8, 16), nn.Tanh())
head = nn.Linear(16, 1)
enc_opt = torch.optim.SGD(encoder.parameters(), lr=0.05)
head_opt = torch.optim.SGD(head.parameters(), lr=0.05, momentum=0.9)
scaler = torch.amp.GradScaler("cpu", init_scale=1024.0)
data = [(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(12)]
losses = []
for epoch in range(2):
    for x, y in data:
        enc_opt.zero_grad()
        head_opt.zero_grad()
        with torch.autocast("cpu", dtype=torch.bfloat16):
            out = head(encoder(x))
        loss = nn.functional.mse_loss(out.float(), y)
        scaler.scale(loss).backward()
        scaler.step(enc_opt)
        head_opt.step()
        scaler.update()
        losses.append(loss.item())
digest = hashlib.sha256()
for module in (encoder, head):
    for param in module.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''
TWO_HAND = TWO_OPTIMIZERS.replace("        head_opt.step()\n", "        scaler.step(head_opt)\n")

ONE_OPTIMIZER = TWO_OPTIMIZERS.replace(
    "enc_opt = torch.optim.SGD(encoder.parameters(), lr=0.05)\n"
    "head_opt = torch.optim.SGD(head.parameters(), lr=0.05, momentum=0.9)\n",
    "opt = torch.optim.SGD([*encoder.parameters(), *head.parameters()], lr=0.05, momentum=0.9)\n",
).replace(
    "        enc_opt.zero_grad()\n        head_opt.zero_grad()\n", "        opt.zero_grad()\n"
).replace("        scaler.step(enc_opt)\n        head_opt.step()\n", "        opt.step()\n")
ONE_HAND = ONE_OPTIMIZER.replace("        opt.step()\n", "        scaler.step(opt)\n")


def test_the_directly_stepped_head_is_stepped_through_the_scaler(tmp_path: Path) -> None:
    assert TWO_HAND != TWO_OPTIMIZERS
    assert_fixed_like_hand(tmp_path, TWO_OPTIMIZERS, TWO_HAND, "--select", "GF023")


def test_one_optimizer_the_buggy_loop_fails_and_the_fixed_one_trains_like_the_hand_fix(tmp_path: Path) -> None:
    assert "opt.step()" in ONE_OPTIMIZER and ONE_HAND != ONE_OPTIMIZER
    source = tmp_path / "src" / "train.py"
    source.parent.mkdir()
    source.write_text(ONE_OPTIMIZER)
    hand = tmp_path / "hand" / "train.py"
    hand.parent.mkdir()
    hand.write_text(ONE_HAND)
    fixed = apply_gradfix(source, tmp_path / "fixed", "--select", "GF023")
    assert fixed.read_text() == ONE_HAND
    assert_same_training(run_script(fixed), run_script(hand))
    with pytest.raises(ScriptError, match="No inf checks were recorded"):
        run_script(source)  # `update()` after a step the scaler did not take


def test_without_update_the_unsafe_fix_adds_one(tmp_path: Path) -> None:
    """No `update()` anywhere: the head trains on scaled gradients without failing; the unsafe
    fix steps through the scaler and updates it (a second `scaler.step` would raise)."""
    buggy = ONE_OPTIMIZER.replace("        scaler.update()\n", "")
    hand = buggy.replace("        opt.step()\n", "        scaler.step(opt)\n        scaler.update()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF023", "--unsafe-fixes")
