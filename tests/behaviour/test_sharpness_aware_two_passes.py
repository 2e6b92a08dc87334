"""SAM written by hand: a first backward, an ascent that reads the parameters' own `.grad`,
a second backward at the perturbed point, the step. It needs two clears: at the top (the last
step's gradients must not steer the ascent) and right after the ascent (the step applies the
second pass's gradient alone). GF001's unsafe fix of a loop with neither inserts both; GF002's
fix of a middle clear written after the second backward moves it right after the ascent (the
top already clears). The fixed scripts train exactly like the hand-fixed ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
RHO = 0.05
model = torch.nn.Sequential(torch.nn.Linear(5, 12), torch.nn.ReLU(), torch.nn.Linear(12, 3))
params = list(model.parameters())
optimizer = torch.optim.SGD(params, lr=0.1, momentum=0.9)
batches = [(torch.randn(8, 5), torch.randint(0, 3, (8,))) for _ in range(6)]
losses = []
for x, y in batches:
{top}    loss = F.cross_entropy(model(x), y)
    loss.backward()
    with torch.no_grad():
        norm = torch.norm(torch.stack([p.grad.norm() for p in params]))
        shifts = [p.grad * (RHO / (norm + 1e-12)) for p in params]
        for p, e in zip(params, shifts):
            p.add_(e)
{middle}    sharp_loss = F.cross_entropy(model(x), y)
    sharp_loss.backward()
{late}    with torch.no_grad():
        for p, e in zip(params, shifts):
            p.sub_(e)
    optimizer.step()
    losses.append(loss.item())
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_no_clear_gets_one_at_the_top_and_one_after_the_ascent(tmp_path: Path) -> None:
    buggy = SCRIPT.format(top="", middle="", late="")
    clear = "    optimizer.zero_grad(set_to_none=True)\n"
    hand = SCRIPT.format(top=clear, middle=clear, late="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--unsafe-fixes", "--select", "GF001")


def test_clear_after_the_second_pass_moves_right_after_the_ascent(tmp_path: Path) -> None:
    clear = "    optimizer.zero_grad()\n"
    buggy = SCRIPT.format(top=clear, middle="", late=clear)
    hand = SCRIPT.format(top=clear, middle=clear, late="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--unsafe-fixes", "--select", "GF002")


FIXTURES = Path(__file__).resolve().parent.parent / "before_after"


def _unsafe_fix(path: Path, code: str) -> str:
    from gradfix.runner import Options, process_source

    result = process_source(str(path), path.read_bytes(), Options(select=frozenset({code}), unsafe_fixes=True, fix=True))
    assert result.error is None and result.fixed is not None
    return result.fixed.decode()


def test_while_loop_variant_gets_both_clears() -> None:
    before = FIXTURES / "GF001_missing_zero_grad" / "flat_minimum_step_in_a_while_loop_never_clears.before.py"
    lines = _unsafe_fix(before, "GF001").splitlines()
    clears = [i for i, line in enumerate(lines) if line.strip() == "opt.zero_grad(set_to_none=True)"]
    assert len(clears) == 2
    assert lines[clears[0] + 1].strip().startswith("inputs, targets =")  # first in the iteration
    assert lines[clears[1] + 1].strip().startswith("worst =")  # right after the ascent's block


def test_method_variant_clear_moves_after_the_ascent() -> None:
    before = FIXTURES / "GF002_zero_grad_between_backward_and_step" / "two_pass_step_method_clear_before_step.before.py"
    lines = _unsafe_fix(before, "GF002").splitlines()
    clears = [i for i, line in enumerate(lines) if line.strip() == "self.opt.zero_grad()"]
    assert len(clears) == 2
    assert lines[clears[1] - 1].strip() == "w.add_(m)" and ".backward()" in lines[clears[1] + 1]
