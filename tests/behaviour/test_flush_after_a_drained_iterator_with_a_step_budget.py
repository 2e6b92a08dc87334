"""GF006 on a `while True:` loop over `iter(loader)` (`next()` until `StopIteration`) that also
stops at a budget (`if updates >= budget: break` after the window's `if`). When `updates`
counts optimizer steps (it changes only in the window's stepping arm), the break comes right
after a step: the flush goes after the loop, under the negated window test, and the fixed
script trains exactly like the hand-fixed one, when the epoch loop leaves on the same test (in
an epoch loop that goes on, each later epoch would break after one micro-batch and the flush
would step it: no fix). When it counts micro-batches, the break may
leave a part window on purpose (the author's budget, as openvla's max-steps stop, sweep57a):
the tail is still reported, but no fix is written, even with `--unsafe-fixes`."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from .harness import apply_gradfix, assert_fixed_like_hand, gradfix_command

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(7)]
accum = 3
budget = 17
losses = []
updates = 0
for epoch in range(3):
    batches = iter(data)
    k = 0
    while True:
        try:
            x, y = next(batches)
        except StopIteration:
            break
        k += 1
        loss = nn.functional.mse_loss(model(x), y) / accum
        loss.backward()
        losses.append(loss.item())
        if k % accum == 0:
            optimizer.step()
            optimizer.zero_grad()
{count}        if updates >= budget:
            break
{flush}{leave}digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
FLUSH = """
    # the last micro-batches did not fill a whole window: step on them too
    if k % accum != 0:
        optimizer.step()
        optimizer.zero_grad()
"""


STEPS = "            updates += 1\n"  # in the stepping arm: a budget of optimizer steps
MICRO_BATCHES = "        updates += 1\n"  # on every micro-batch


LEAVE = "    if updates >= budget:\n        break\n"  # the epoch loop leaves on the same test


def test_flush_after_a_drained_iterator_stopped_by_a_step_budget(tmp_path: Path) -> None:
    # (the budget of 5 is reached by the second epoch's second step, right after it; the epoch
    # loop leaves on the same test, so no later pass runs a micro-batch past the budget)
    buggy = SCRIPT.format(count=STEPS, flush="", leave=LEAVE).replace("budget = 17", "budget = 5")
    # (the flush repeats the stepping arm whole, its count of the steps too)
    flush = FLUSH + "        updates += 1\n"
    hand = SCRIPT.format(count=STEPS, flush=flush, leave=LEAVE).replace("budget = 17", "budget = 5")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF006")


def test_step_budget_in_an_epoch_loop_that_goes_on_reported_without_a_fix(tmp_path: Path) -> None:
    # Once the budget is reached, each later epoch runs one micro-batch and breaks before any
    # step: its gradients are never applied. A flush after the batch loop would step them, one
    # update per later epoch that the original never makes (with a budget of 8, reached in the
    # last epoch, it would not; the code cannot tell which), so no fix is written.
    script = tmp_path / "train.py"
    script.write_text(SCRIPT.format(count=STEPS, flush="", leave="").replace("budget = 17", "budget = 4"))
    report = subprocess.run(
        [*gradfix_command(), "--no-cache", "--select", "GF006", script.name], cwd=tmp_path, capture_output=True, text=True
    )
    assert report.returncode == 1, report.stdout + report.stderr
    assert "train.py:29:13: GF006 the micro-batches after the last multiple of `accum`" in report.stdout
    fixed = apply_gradfix(script, tmp_path / "fixed", "--no-cache", "--select", "GF006", "--unsafe-fixes")
    assert fixed.read_text() == script.read_text()


def test_micro_batch_budget_reported_without_a_fix(tmp_path: Path) -> None:
    script = tmp_path / "train.py"
    script.write_text(SCRIPT.format(count=MICRO_BATCHES, flush="", leave=""))
    report = subprocess.run(
        [*gradfix_command(), "--no-cache", "--select", "GF006", script.name], cwd=tmp_path, capture_output=True, text=True
    )
    assert report.returncode == 1, report.stdout + report.stderr
    assert "train.py:29:13: GF006 the micro-batches after the last multiple of `accum`" in report.stdout
    fixed = apply_gradfix(script, tmp_path / "fixed", "--no-cache", "--select", "GF006", "--unsafe-fixes")
    assert fixed.read_text() == script.read_text()
