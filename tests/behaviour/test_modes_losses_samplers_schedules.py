"""GF017-GF020 fixes change training the way a hand fix does.

Each buggy example in ``examples/`` is copied, fixed by ``gradfix --write`` (GF020's fix
is unsafe: ``--unsafe-fixes``), and the fixed script, the buggy one and the hand-fixed
reference are run with real torch on the CPU. They run in this process (each script
seeds torch itself and prints one JSON line), which saves the ~3 s torch import per
script; tests/behaviour/test_scripts_sanity.py runs the same scripts in subprocesses.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import runpy
from pathlib import Path
from typing import Any

import pytest

from .harness import EXAMPLES_DIR, _check_contract, apply_gradfix, assert_same_training, reference_path, training_differences


def _run_here(path: Path) -> dict[str, Any]:
    import torch

    threads = torch.get_num_threads()
    buffer = io.StringIO()
    try:
        with contextlib.redirect_stdout(buffer):
            runpy.run_path(str(path), run_name="__main__")
    finally:
        torch.set_num_threads(threads)
    lines = [line for line in buffer.getvalue().splitlines() if line.strip()]
    assert len(lines) == 1, buffer.getvalue()
    result = json.loads(lines[0])
    _check_contract(path.name, result)
    return result


@functools.lru_cache(maxsize=None)
def _reference(example: str) -> dict[str, Any]:
    return _run_here(reference_path(example))


@functools.lru_cache(maxsize=None)
def _buggy(example: str) -> dict[str, Any]:
    return _run_here(EXAMPLES_DIR / example)


def _fixed(example: str, tmp_path: Path, *args: str) -> tuple[dict[str, Any], str]:
    source = EXAMPLES_DIR / example
    fixed = apply_gradfix(source, tmp_path, *args)
    text = fixed.read_text()
    assert text != source.read_text(), "gradfix did not change the script"
    return _run_here(fixed), text


def test_gf017_restored_train_mode_trains_like_the_hand_fix(tmp_path: Path) -> None:
    example = "eval_mode_not_restored.py"
    fixed, text = _fixed(example, tmp_path, "--select", "GF017")
    assert "model.train()" in text.split("validate(model, xv, yv)", 1)[1].split("\n", 2)[1]
    assert_same_training(fixed, _reference(example))
    assert all(fixed["extra"]["training_flags"])
    buggy = _buggy(example)
    assert training_differences(buggy, fixed)
    # the buggy script trains only its first epoch in training mode
    steps_per_epoch = len(buggy["losses"]) // 4
    assert buggy["extra"]["training_flags"] == [True] * steps_per_epoch + [False] * (3 * steps_per_epoch)


def test_gf018_loss_on_logits_equals_the_hand_fix_and_is_not_shrunk(tmp_path: Path) -> None:
    example = "softmax_before_cross_entropy.py"
    fixed, text = _fixed(example, tmp_path, "--select", "GF018")
    assert "F.softmax" not in text and "loss = F.cross_entropy(logits, yb)" in text
    reference = _reference(example)
    assert_same_training(fixed, reference)
    assert fixed["extra"]["grad_norms"] == reference["extra"]["grad_norms"]
    buggy = _buggy(example)
    # same weights at step 0: the probabilities' gradient is several times smaller
    assert buggy["extra"]["grad_norms"][0] * 3 < fixed["extra"]["grad_norms"][0]
    assert fixed["extra"]["final_logit_loss"] < buggy["extra"]["final_logit_loss"]


def test_gf019_set_epoch_gives_every_epoch_its_own_order(tmp_path: Path) -> None:
    example = "distributed_sampler_no_set_epoch.py"
    fixed, text = _fixed(example, tmp_path, "--select", "GF019")
    assert "sampler.set_epoch(epoch)" in text
    assert_same_training(fixed, _reference(example))
    orders = fixed["extra"]["orders"]
    assert len({tuple(order) for order in orders}) == len(orders) == 3
    assert all(sorted(order) == list(range(96)) for order in orders)
    buggy = _buggy(example)
    assert len({tuple(order) for order in buggy["extra"]["orders"]}) == 1
    assert buggy["extra"]["orders"][0] == orders[0]  # epoch 0 is the same either way


def test_gf020_unsafe_fix_steps_the_schedule_per_batch(tmp_path: Path) -> None:
    example = "scheduler_horizon_per_epoch.py"
    safe_only = apply_gradfix(EXAMPLES_DIR / example, tmp_path / "safe", "--select", "GF020")
    assert safe_only.read_bytes() == (EXAMPLES_DIR / example).read_bytes()  # unsafe: not applied by default
    fixed, _ = _fixed(example, tmp_path, "--select", "GF020", "--unsafe-fixes")
    reference = _reference(example)
    assert_same_training(fixed, reference)
    lrs = fixed["extra"]["lrs"]
    assert lrs == reference["extra"]["lrs"]
    assert lrs[0] == pytest.approx(0.2) and lrs[-1] < 0.001
    buggy_lrs = _buggy(example)["extra"]["lrs"]
    assert buggy_lrs[-1] > 0.19  # five steps of a 40-step cosine: still near the peak


_AUTOCAST_LOOP = """
import torch

torch.manual_seed(0)
model = torch.nn.Linear(8, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(16, 8), torch.randint(0, 2, (16,))) for _ in range(5)]
for epoch in range(2):
    for x, y in batches:
        optimizer.zero_grad()
        with torch.autocast(device_type="cuda", dtype=torch.float16):
            loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
"""


def test_gf022_fixed_loop_runs_with_real_torch() -> None:
    """On a machine without CUDA, CUDA autocast and the CUDA GradScaler both disable
    themselves: the fixed loop must run and train exactly like the original."""
    import warnings

    import torch

    from gradfix.runner import Options, process_source

    result = process_source("loop.py", _AUTOCAST_LOOP.encode(), Options(select=frozenset({"GF022"}), unsafe_fixes=True, fix=True))
    assert result.fixed is not None
    fixed = result.fixed.decode()
    assert "scaler.unscale_(optimizer)" in fixed and "scaler.step(optimizer)" in fixed
    if torch.cuda.is_available():
        pytest.skip("the comparison below is for CPU-only machines")
    weights = []
    for code in (_AUTOCAST_LOOP, fixed):
        namespace: dict[str, Any] = {}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            exec(compile(code, "<loop>", "exec"), namespace)
        weights.append(namespace["model"].weight.detach().clone())
    assert torch.equal(weights[0], weights[1])
