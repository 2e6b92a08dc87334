"""The optimizer in backward: per-parameter optimizers stepped in hooks registered with
`register_post_accumulate_grad_hook`, which autograd runs inside every `backward()`.

GF001: a hook that steps and never clears; the fix clears right after the step and trains
exactly like the hand fix (also for a hook guarded by `if param.grad is None: return` over
optimizers filled by a `for`). GF012: per-parameter schedulers stepped in the hook before their
optimizers (in a dict comprehension, a `for` filling the dict, or over the optimizers'
`.items()`); the fix moves the schedule after the step. GF010: a clip in the loop after
`backward()` changes nothing, the hooks having stepped already; a value clip over the hooked
parameters moves into the hook, before the step, and trains like the hand fix (a norm clip is
reported without a fix)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand, assert_same_training, run_script

pytest.importorskip("torch")

MODULE_LEVEL = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
net = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
batches = [(torch.randn(16, 4), torch.randn(16, 1)) for _ in range(5)]
opt_of = {{p: torch.optim.{optimizer} for p in net.parameters()}}
{schedules}

def apply_update(param):
{hook}

for param in net.parameters():
    param.register_post_accumulate_grad_hook(apply_update)

losses = []
for epoch in range(3):
    for x, y in batches:
        loss = nn.functional.mse_loss(net(x), y)
        loss.backward()
{loop}        losses.append(loss.item())
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

IN_A_FUNCTION = '''import hashlib
import json

import torch
from torch import nn


def fit(model, data, steps):
    per_param = {{w: torch.optim.SGD([w], lr=0.05, momentum=0.9) for w in model.parameters()}}

    def on_grad(w):
{hook}

    handles = [w.register_post_accumulate_grad_hook(on_grad) for w in model.parameters()]
    losses = []
    step = 0
    while step < steps:
        x, y = data[step % len(data)]
        out = model(x)
        loss = ((out - y) ** 2).mean()
        loss.backward()
        losses.append(loss.item())
        step += 1
    return losses


torch.manual_seed(0)
torch.set_num_threads(1)
net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
batches = [(torch.randn(16, 4), torch.randn(16, 1)) for _ in range(4)]
losses = fit(net, batches, 10)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_hook_that_steps_without_clearing_gets_a_clear(tmp_path: Path) -> None:
    kwargs = dict(optimizer="Adam([p], lr=0.01)", schedules="", loop="")
    buggy = MODULE_LEVEL.format(hook="    opt_of[param].step()", **kwargs)
    hand = MODULE_LEVEL.format(hook="    opt_of[param].step()\n    opt_of[param].zero_grad()", **kwargs)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")


def test_hook_in_a_function_with_a_while_loop_gets_a_clear(tmp_path: Path) -> None:
    buggy = IN_A_FUNCTION.format(hook="        per_param[w].step()")
    hand = IN_A_FUNCTION.format(hook="        per_param[w].step()\n        per_param[w].zero_grad()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")


def test_schedule_stepped_before_its_optimizer_in_the_hook_moves_after_it(tmp_path: Path) -> None:
    kwargs = dict(
        optimizer="SGD([p], lr=0.1, momentum=0.5)",
        schedules="sched_of = {p: torch.optim.lr_scheduler.StepLR(opt_of[p], step_size=2, gamma=0.5) for p in net.parameters()}\n",
        loop="",
    )
    buggy = MODULE_LEVEL.format(
        hook="    sched_of[param].step()\n    opt_of[param].step()\n    opt_of[param].zero_grad(set_to_none=True)", **kwargs
    )
    hand = MODULE_LEVEL.format(
        hook="    opt_of[param].step()\n    sched_of[param].step()\n    opt_of[param].zero_grad(set_to_none=True)", **kwargs
    )
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF012")


@pytest.mark.parametrize(
    "schedules",
    [
        "sched_of = {}\nfor p, o in opt_of.items():\n    sched_of[p] = torch.optim.lr_scheduler.StepLR(o, step_size=2, gamma=0.5)\n",
        "sched_of = {}\nfor p in net.parameters():\n    sched_of[p] = torch.optim.lr_scheduler.StepLR(opt_of[p], step_size=2, gamma=0.5)\n",
        "sched_of = {p: torch.optim.lr_scheduler.StepLR(o, step_size=2, gamma=0.5) for p, o in opt_of.items()}\n",
    ],
    ids=["for_over_items", "for_over_parameters", "comprehension_over_items"],
)
def test_schedules_filled_by_a_for_or_over_the_items_move_after_the_step(tmp_path: Path, schedules: str) -> None:
    kwargs = dict(optimizer="SGD([p], lr=0.1, momentum=0.5)", schedules=schedules, loop="")
    buggy = MODULE_LEVEL.format(hook="    sched_of[param].step()\n    opt_of[param].step()\n    opt_of[param].zero_grad()", **kwargs)
    hand = MODULE_LEVEL.format(hook="    opt_of[param].step()\n    sched_of[param].step()\n    opt_of[param].zero_grad()", **kwargs)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF012")


def test_loop_clip_after_the_hooks_stepped_changes_nothing(tmp_path: Path) -> None:
    """What GF010 reports: the hooks clear with `set_to_none=False` (so the loop's clip runs,
    on zeros) and the run trains exactly as with no clip at all."""
    kwargs = dict(optimizer="SGD([p], lr=0.05, momentum=0.9)", schedules="")
    hook = "    opt_of[param].step()\n    opt_of[param].zero_grad(set_to_none=False)"
    clipped = MODULE_LEVEL.format(hook=hook, loop="        torch.nn.utils.clip_grad_norm_(net.parameters(), 0.01)\n", **kwargs)
    plain = MODULE_LEVEL.format(hook=hook, loop="", **kwargs)
    paths = {}
    for name, text in (("clipped", clipped), ("plain", plain)):
        paths[name] = tmp_path / name / "train.py"
        paths[name].parent.mkdir()
        paths[name].write_text(text)
    assert_same_training(run_script(paths["clipped"]), run_script(paths["plain"]))
    # clipped in the hook instead, before the step, the same threshold trains otherwise
    inside = MODULE_LEVEL.format(
        hook="    torch.nn.utils.clip_grad_norm_([param], 0.01)\n" + hook, loop="", **kwargs
    )
    path = tmp_path / "inside" / "train.py"
    path.parent.mkdir()
    path.write_text(inside)
    assert run_script(path) != run_script(paths["plain"])


def test_guarded_hook_over_optimizers_filled_by_a_for_gets_a_clear(tmp_path: Path) -> None:
    def script(hook: str) -> str:
        text = MODULE_LEVEL.format(optimizer="Adam([p], lr=0.01)", schedules="", loop="", hook=hook)
        built = "opt_of = {p: torch.optim.Adam([p], lr=0.01) for p in net.parameters()}\n"
        assert built in text
        return text.replace(built, "opt_of = {}\nfor p in net.parameters():\n    opt_of[p] = torch.optim.Adam([p], lr=0.01)\n")

    guard = "    if param.grad is None:\n        return\n"
    buggy = script(guard + "    opt_of[param].step()")
    hand = script(guard + "    opt_of[param].step()\n    opt_of[param].zero_grad()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")


def test_loop_value_clip_after_the_hooks_stepped_moves_into_the_hook(tmp_path: Path) -> None:
    """GF010's fix: `clip_grad_value_(net.parameters(), v)` in the loop (clipping gradients the
    hooks already applied and cleared) becomes `clip_grad_value_([param], v)` before the step in
    the hook: an element-wise clamp of each parameter's gradient, the same clip the hand fix
    writes there, so it trains exactly like it; the loop's clip trained like no clip."""
    kwargs = dict(optimizer="SGD([p], lr=0.05, momentum=0.9)", schedules="")
    hook = "    opt_of[param].step()\n    opt_of[param].zero_grad(set_to_none=False)"
    buggy = MODULE_LEVEL.format(hook=hook, loop="        torch.nn.utils.clip_grad_value_(net.parameters(), 0.02)\n", **kwargs)
    hand = MODULE_LEVEL.format(hook="    torch.nn.utils.clip_grad_value_([param], 0.02)\n" + hook, loop="", **kwargs)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF010")
