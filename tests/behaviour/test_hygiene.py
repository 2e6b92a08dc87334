"""The step-hygiene fixes change training the way a hand fix does (GF010, GF012, GF013),
and the GF009 fix stops the loss graphs from piling up.

Each buggy example is copied, fixed by `gradfix --write`, run with real torch on the CPU
and compared with its hand-fixed reference: same losses, bit-identical weights.
"""

from __future__ import annotations

import functools
import gc
import tempfile
import weakref
from pathlib import Path
from typing import Any

import pytest

from .harness import (
    EXAMPLES_DIR,
    apply_gradfix,
    assert_fixed_like_hand,
    assert_same_training,
    reference_path,
    run_script,
    training_differences,
)


@functools.lru_cache(maxsize=None)
def _reference(example: str) -> dict[str, Any]:
    return run_script(reference_path(example))


@functools.lru_cache(maxsize=None)
def _buggy(example: str) -> dict[str, Any]:
    return run_script(EXAMPLES_DIR / example)


@functools.lru_cache(maxsize=None)
def _run_content(name: str, content: bytes) -> dict[str, Any]:
    # scripts are deterministic: the same fixed text trains the same way, run it once
    with tempfile.TemporaryDirectory(prefix="gradfix-hygiene-") as folder:
        path = Path(folder) / name
        path.write_bytes(content)
        return run_script(path)


def _fixed(example: str, tmp_path: Path, *args: str) -> dict[str, Any]:
    source = EXAMPLES_DIR / example
    fixed = apply_gradfix(source, tmp_path, *args)
    content = fixed.read_bytes()
    assert content != source.read_bytes(), "gradfix did not change the script"
    return _run_content(example, content)


@pytest.mark.parametrize(
    "example,code",
    [
        ("clip_after_step.py", "GF010"),
        ("scheduler_before_optimizer.py", "GF012"),
        ("amp_clip_without_unscale.py", "GF013"),
    ],
)
def test_fix_trains_like_the_hand_fixed_script(example: str, code: str, tmp_path: Path) -> None:
    fixed = _fixed(example, tmp_path, "--select", code)
    assert_same_training(fixed, _reference(example))


@pytest.mark.parametrize(
    "example", ["clip_after_step.py", "scheduler_before_optimizer.py", "amp_clip_without_unscale.py"]
)
def test_default_rules_together_train_like_the_hand_fixed_script(example: str, tmp_path: Path) -> None:
    """Every default rule runs on the script; the result still matches the hand fix."""
    fixed = _fixed(example, tmp_path)
    assert_same_training(fixed, _reference(example))


def test_clip_after_step_fix_clips_what_the_step_uses(tmp_path: Path) -> None:
    buggy = _buggy("clip_after_step.py")
    fixed = _fixed("clip_after_step.py", tmp_path, "--select", "GF010")
    assert training_differences(buggy, fixed)
    # the reported norms are the pre-clip norms of the gradients the step applied
    assert fixed["extra"]["grad_norms"] == _reference("clip_after_step.py")["extra"]["grad_norms"]


def test_scheduler_fix_starts_the_warmup_at_its_first_value(tmp_path: Path) -> None:
    fixed = _fixed("scheduler_before_optimizer.py", tmp_path, "--select", "GF012")
    lrs = fixed["extra"]["lrs"]
    # LambdaLR: iteration 0 trains with lr_lambda(0) * peak = peak / warmup
    assert lrs[0] == pytest.approx(0.1 / 20)
    assert lrs[1] == pytest.approx(0.1 * 2 / 20)


def test_unscale_fix_clips_the_true_gradient_norm(tmp_path: Path) -> None:
    buggy = _buggy("amp_clip_without_unscale.py")
    fixed = _fixed("amp_clip_without_unscale.py", tmp_path, "--select", "GF013")
    scale = buggy["extra"]["final_scale"]
    # before the fix the clip saw the norm times the loss scale; after it, the real norm
    assert min(buggy["extra"]["grad_norms"]) > 100 * max(fixed["extra"]["grad_norms"]) or scale < 100
    assert fixed["losses"][-1] < buggy["losses"][-1]


def test_running_loss_fix_keeps_one_graph_alive(tmp_path: Path) -> None:
    example = "running_loss_tensor.py"
    buggy = _buggy(example)
    fixed = _fixed(example, tmp_path, "--select", "GF009")
    reference = _reference(example)
    assert_same_training(fixed, reference)
    checkpoints = fixed["extra"]["checkpoints"]
    # the buggy total keeps every step's graph; the fixed one only the current step's
    assert buggy["extra"]["live_loss_graphs"] == checkpoints
    assert fixed["extra"]["live_loss_graphs"] == [1] * len(checkpoints)
    assert fixed["extra"]["mean_loss"] == pytest.approx(buggy["extra"]["mean_loss"], rel=1e-6)


_LOOP = '''
import torch
from torch import nn

def train(model, optimizer, batches, probes):
    criterion = nn.MSELoss()
    epoch_loss = 0
    history = []
    for x, y in batches:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        epoch_loss += loss / len(batches)
        history.append(loss)
        probes.append(probe(loss))
    return epoch_loss, history
'''


class _Probe:
    """Lives exactly as long as the autograd node whose metadata holds it."""


def _probe(loss: Any) -> weakref.ref:
    probe = _Probe()
    loss.grad_fn.metadata["probe"] = probe
    return weakref.ref(probe)


def _live_graphs(source: str, steps: int) -> tuple[int, float]:
    import torch

    namespace: dict[str, Any] = {"probe": _probe}
    exec(compile(source, "<loop>", "exec"), namespace)
    torch.manual_seed(0)
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(steps)]
    refs: list[weakref.ref] = []
    result = namespace["train"](model, optimizer, batches, refs)
    total = result[0].item()
    gc.collect()
    live = sum(ref() is not None for ref in refs)
    del result
    return live, total


def test_detached_accumulators_hold_no_graph_whatever_the_step_count() -> None:
    from gradfix.runner import Options, process_source

    result = process_source("loop.py", _LOOP.encode(), Options(select=frozenset({"GF009"}), fix=True))
    assert [d.code for d in result.diagnostics] == ["GF009", "GF009"]
    assert result.fixed is not None
    fixed = result.fixed.decode()
    assert "epoch_loss += loss.detach() / len(batches)" in fixed
    assert "history.append(loss.detach())" in fixed

    # before: the returned accumulators keep one graph per step alive
    for steps in (5, 20):
        live, _ = _live_graphs(_LOOP, steps)
        assert live == steps
    # after: none survives the loop, however many steps ran, and the total is unchanged
    for steps in (5, 20):
        live, total = _live_graphs(fixed, steps)
        assert live == 0
        assert total == pytest.approx(_live_graphs(_LOOP, steps)[1])


_ACCUMULATING_CLIP = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
accum_steps = 2
batches = [(torch.randn(16, 8) * 5, torch.randint(0, 3, (16,))) for _ in range(8)]
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.5)
losses = []
for epoch in range(3):
    for step, (x, y) in enumerate(batches):
        loss = nn.functional.cross_entropy(model(x), y) / accum_steps
{before}        loss.backward()
        if (step + 1) % accum_steps == 0:
{inside}            opt.step()
            opt.zero_grad()
        losses.append(loss.item())

digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
_CLIP = "torch.nn.utils.clip_grad_norm_(model.parameters(), 0.05)\n"


def test_clip_before_backward_in_an_accumulation_window_moves_to_the_step(tmp_path: Path) -> None:
    """GF010 on a clip written before the backward of an accumulation loop: the fix clips the
    window's gradient once, right before the step (not every micro-batch's partial sum)."""
    hand = _ACCUMULATING_CLIP.format(before="", inside="            " + _CLIP)
    assert_fixed_like_hand(tmp_path, _ACCUMULATING_CLIP.format(before="        " + _CLIP, inside=""), hand, "--select", "GF010")
    # the clip kept per micro-batch, after the backward, trains otherwise
    per_micro_batch = tmp_path / "per_micro_batch" / "train.py"
    per_micro_batch.parent.mkdir()
    per_micro_batch.write_text(hand.replace("            " + _CLIP, "").replace("        loss.backward()\n", "        loss.backward()\n        " + _CLIP))
    assert training_differences(run_script(per_micro_batch), run_script(tmp_path / "hand" / "train.py"))


HELPER_SCHEDULE = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
model = torch.nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
X, Y = torch.randn(24, 4), torch.randn(24, 2)


def advance_schedule():
    sched.step()


losses = []
for epoch in range(3):
    for i in range(0, 24, 8):
        opt.zero_grad()
        loss = F.mse_loss(model(X[i : i + 8]), Y[i : i + 8])
        loss.backward()
{before}        opt.step()
{after}        losses.append(loss.item())

digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_scheduler_helper_call_moved_after_the_step_trains_like_the_hand_fix(tmp_path: Path) -> None:
    """`advance_schedule()`, a function of the file that only steps the scheduler, called before
    `opt.step()`: its call moves after the step, as the step itself would."""
    call = "        advance_schedule()\n"
    buggy = HELPER_SCHEDULE.format(before=call, after="")
    hand = HELPER_SCHEDULE.format(before="", after=call)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF012")


HOOK_METHOD_SCHEDULE = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(24, 4), torch.randn(24, 2)


class Runner:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)
        self.sched = torch.optim.lr_scheduler.ExponentialLR(self.opt, gamma=0.8)

    def pre_update(self):
        self.sched.step()

    def fit(self, epochs):
        losses = []
        for epoch in range(epochs):
            i = 0
            while i < 24:
                self.opt.zero_grad()
                loss = F.mse_loss(self.model(X[i : i + 8]), Y[i : i + 8])
                loss.backward()
{before}                self.opt.step()
{after}                losses.append(loss.item())
                i += 8
        return losses


model = torch.nn.Linear(4, 2)
losses = Runner(model).fit(3)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_scheduler_hook_method_call_moved_after_the_step_trains_like_the_hand_fix(tmp_path: Path) -> None:
    """`self.pre_update()`, a method of the loop's class whose body is the scheduler step alone,
    called before `self.opt.step()` in a while loop: its call moves after the step."""
    call = "                self.pre_update()\n"
    buggy = HOOK_METHOD_SCHEDULE.format(before=call, after="")
    hand = HOOK_METHOD_SCHEDULE.format(before="", after=call)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF012")


GAN_SCHEDULES = '''import hashlib
import json

import torch

torch.manual_seed(0)
torch.set_num_threads(1)
net_g = torch.nn.Linear(4, 4)
net_d = torch.nn.Linear(4, 1)
opt_g = torch.optim.SGD(net_g.parameters(), lr=0.1)
opt_d = torch.optim.SGD(net_d.parameters(), lr=0.1)
schedulers = [torch.optim.lr_scheduler.StepLR(opt_g, 1, 0.5), torch.optim.lr_scheduler.ExponentialLR(opt_d, 0.7)]
batches = [torch.randn(6, 4) for _ in range(3)]

losses = []
for epoch in range(4):
{before}    for x in batches:
        opt_d.zero_grad()
        d_loss = net_d(net_g(x).detach()).pow(2).mean()
        d_loss.backward()
        opt_d.step()
        opt_g.zero_grad()
        g_loss = (net_d(net_g(x)) - 1).pow(2).mean()
        g_loss.backward()
        opt_g.step()
        losses += [d_loss.item(), g_loss.item()]
{after}
digest = hashlib.sha256()
for param in [*net_g.parameters(), *net_d.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_schedulers_stepped_by_a_comprehension_at_the_epoch_top_move_after_the_batch_loop(tmp_path: Path) -> None:
    """`[s.step() for s in schedulers]` at the top of a GAN's epoch loop, the list bound to
    constructions over both optimizers: the statement moves after that epoch's batch loop."""
    step = "    [s.step() for s in schedulers]\n"
    buggy = GAN_SCHEDULES.format(before=step, after="")
    hand = GAN_SCHEDULES.format(before="", after=step)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF012")
