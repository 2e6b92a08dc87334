"""GF001 on the LBFGS idiom with no clear: the clear goes first in the closure, which LBFGS
calls several times per step (a clear in the loop around the step would let the evaluations
of one step add up). The fixed script trains exactly like the hand-fixed one."""

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
X, Y = torch.randn(64, 5), torch.randn(64, 1)
model = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 1))
optimizer = torch.optim.LBFGS(model.parameters(), lr=0.5, max_iter=5)
losses = []
for it in range(6):

    def closure():
{clear}        loss = nn.functional.mse_loss(model(X), Y)
        loss.backward()
        return loss

    losses.append(optimizer.step(closure).item())

digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_clear_first_in_the_closure_trains_like_the_hand_fix(tmp_path: Path) -> None:
    hand = SCRIPT.format(clear="        optimizer.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, SCRIPT.format(clear=""), hand, "--select", "GF001")


OUTSIDE = SCRIPT.replace("    losses.append(optimizer.step(closure).item())", "{outer}    losses.append(optimizer.step(closure).item())")


def test_a_clear_only_outside_the_closure_gets_one_first_in_it(tmp_path: Path) -> None:
    """`optimizer.zero_grad()` before `optimizer.step(closure)` clears once per step, not per
    evaluation: the fix adds the clear first in the closure (the outer one stays, harmless)."""
    outer = "    optimizer.zero_grad()\n"
    buggy = OUTSIDE.format(clear="", outer=outer)
    hand = OUTSIDE.format(clear="        optimizer.zero_grad(set_to_none=True)\n", outer=outer)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")


ONE_SHOT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
logits = torch.randn(64, 5) * 3
labels = torch.where(torch.rand(64) < 0.7, logits.argmax(1), torch.randint(0, 5, (64,)))
temperature = torch.nn.Parameter(torch.ones(1))


def closure():
{clear}    loss = F.cross_entropy(logits / temperature, labels)
    loss.backward()
    return loss


optimizer = torch.optim.LBFGS([temperature], lr=0.1, max_iter=30)
losses = [optimizer.step(closure).item()]
losses.append(F.cross_entropy(logits / temperature, labels).item())
digest = hashlib.sha256(bytes(temperature.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_one_lbfgs_step_outside_any_loop_gets_the_clear_in_its_closure(tmp_path: Path) -> None:
    """Temperature scaling by one `optimizer.step(closure)`: LBFGS's own iterations add the
    gradients of every evaluation up unless the closure clears."""
    hand = ONE_SHOT.format(clear="    optimizer.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, ONE_SHOT.format(clear=""), hand, "--select", "GF001")


FROM_A_PARAMETER = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)


def fit_scale(scores, targets, rate=0.1, evaluations=25):
    scale = torch.nn.Parameter(torch.ones(1))
    solver = torch.optim.LBFGS([scale], lr=rate, max_iter=evaluations)

    def objective():
{clear}        nll = F.cross_entropy(scores / scale, targets)
        nll.backward()
        return nll

    first = solver.step(objective).item()
    return scale, [first, F.cross_entropy(scores / scale, targets).item()]


scores = torch.randn(64, 5) * 3
targets = torch.where(torch.rand(64) < 0.7, scores.argmax(1), torch.randint(0, 5, (64,)))
scale, losses = fit_scale(scores, targets)
digest = hashlib.sha256(bytes(scale.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_one_lbfgs_step_with_max_iter_from_a_parameter_default(tmp_path: Path) -> None:
    """The number of evaluations is the helper's parameter, left at its default by the only
    call: the same one-shot fit, the same fix."""
    hand = FROM_A_PARAMETER.format(clear="        solver.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, FROM_A_PARAMETER.format(clear=""), hand, "--select", "GF001")


def test_single_evaluation_lbfgs_cleared_outside_its_closure_is_left_alone(tmp_path: Path) -> None:
    """With `max_iter=1` LBFGS evaluates the closure once per step: the clear before
    `optimizer.step(closure)` trains exactly like a clear first in the closure, and gradfix
    leaves the script unchanged."""
    single = OUTSIDE.replace("max_iter=5", "max_iter=1")
    outside = single.format(clear="", outer="    optimizer.zero_grad()\n")
    inside = single.format(clear="        optimizer.zero_grad()\n", outer="")
    src = tmp_path / "outside.py"
    src.write_text(outside)
    fixed = apply_gradfix(src, tmp_path / "out", "--select", "GF001")
    assert fixed.read_text() == outside
    (tmp_path / "inside.py").write_text(inside)
    assert_same_training(run_script(fixed), run_script(tmp_path / "inside.py"))
