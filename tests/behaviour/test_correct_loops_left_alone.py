"""Correct training loops that look like a rule's pattern stay byte-identical (issue 11, part 2).

Each clean fixture below is a correct, runnable training script that meets the pattern of a
rule (a warmup stepped before the optimizer on purpose, a step at the top of an accumulation
window, a loss kept for a later backward...). It is copied, run through `gradfix --write` and
`gradfix --write --unsafe-fixes` (the GF007 cases also with `--extend-select GF007`), and must
come out byte-identical; the copy written with `--unsafe-fixes` is run and must train exactly
as the original (same per-step losses, same weights).

Each case also carries the rewrite gradfix made before the audit. That rewrite is applied by
hand to a third copy, which must train differently or fail: the trap is real, a gradfix that
made it again would change training.

All scripts run in one interpreter (torch is imported once).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .harness import gradfix_command

CLEAN = Path(__file__).resolve().parents[1] / "before_after" / "clean"
RUNNER = Path(__file__).resolve().parent / "run_in_one_process.py"
MODES = {
    "write": ("--write",),
    "write-unsafe": ("--write", "--unsafe-fixes"),
    "write-unsafe-gf007": ("--write", "--unsafe-fixes", "--extend-select", "GF007"),
}

# fixture -> (rule whose pattern it meets, the edits that rule made before the audit, modes)
CASES: dict[str, tuple[str, tuple[tuple[str, str], ...] | tuple[str, str], tuple[str, ...]]] = {
    "warmup_scheduler_counts_from_one.py": (
        "GF012",
        (  # the scheduler step moves after the optimizer step
            ("        warmup_scheduler.step()\n        optimizer.zero_grad()\n", "        optimizer.zero_grad()\n"),
            ("        optimizer.step()\n", "        optimizer.step()\n        warmup_scheduler.step()\n"),
        ),
        ("write", "write-unsafe"),
    ),
    "accum_step_at_top_of_window.py": (
        "GF015",
        ("        if i % accum_steps == 0:\n", "        if (i + 1) % accum_steps == 0:\n"),
        ("write", "write-unsafe"),
    ),
    "retain_graph_loss_kept_on_probe_object.py": (
        "GF004",
        ("loss.backward(retain_graph=True)", "loss.backward()"),
        ("write", "write-unsafe"),
    ),
    "retain_graph_probe_fitted_on_features_passed_in.py": (
        "GF004 (unsafe)",
        ("loss.backward(retain_graph=True)", "loss.backward()"),
        ("write", "write-unsafe"),
    ),
    "retain_graph_shared_by_tasks_through_merged_weights.py": (
        "GF004",
        ("loss.backward(retain_graph=True)", "loss.backward()"),
        ("write", "write-unsafe"),
    ),
    "accum_window_loss_backpropagated_by_helper.py": (
        "GF009",
        ("pending = pending + loss / accum", "pending = pending + loss.detach() / accum"),
        ("write", "write-unsafe"),
    ),
    "set_to_none_false_grads_noised_before_backward.py": (
        "GF007 (unsafe)",
        ("zero_grad(set_to_none=False)", "zero_grad(set_to_none=True)"),
        ("write", "write-unsafe", "write-unsafe-gf007"),
    ),
    "custom_optimizer_zero_grad_without_set_to_none.py": (
        "GF007",
        ("        optimizer.zero_grad()\n", "        optimizer.zero_grad(set_to_none=True)\n"),
        ("write", "write-unsafe", "write-unsafe-gf007"),
    ),
    "factory_built_optimizer_inherits_zero_grad_without_set_to_none.py": (
        "GF007",
        ("        optimizer.zero_grad()\n", "        optimizer.zero_grad(set_to_none=True)\n"),
        ("write", "write-unsafe", "write-unsafe-gf007"),
    ),
}
# the rewrite GF010 made moved the clip before the step: harmless with an infinite threshold,
# so this case has no rewrite that changes training; it is still checked to stay byte-identical
UNCHANGED_BY_OLD_FIX = {"grad_norm_logged_after_step_with_inf_threshold.py": ("write", "write-unsafe")}


@pytest.fixture(scope="module")
def outcome(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    root = tmp_path_factory.mktemp("correct_loops")
    env = {**os.environ, "OMP_NUM_THREADS": "1", "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1"}
    every = {name: modes for name, (_, _, modes) in CASES.items()} | UNCHANGED_BY_OLD_FIX
    written: dict[tuple[str, str], Path] = {}
    for mode, flags in MODES.items():
        names = [name for name, modes in every.items() if mode in modes]
        folder = root / mode
        folder.mkdir()
        for name in names:
            shutil.copyfile(CLEAN / name, folder / name)
            written[(name, mode)] = folder / name
        proc = subprocess.run(
            [*gradfix_command(), "--isolated", *flags, "."],
            cwd=folder, env=env, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert proc.returncode in (0, 1), proc.stderr
    rewritten = root / "old_fix"
    rewritten.mkdir()
    for name, (_, edits, _) in CASES.items():
        text = (CLEAN / name).read_text(encoding="utf-8")
        for old, new in edits if isinstance(edits[0], tuple) else (edits,):  # type: ignore[misc]
            assert text.count(old) == 1, f"{name}: the old rewrite no longer applies"
            text = text.replace(old, new)
        (rewritten / name).write_text(text, encoding="utf-8")
    scripts = [CLEAN / name for name in every]
    scripts += [written[(name, "write-unsafe")] for name in every]
    scripts += [rewritten / name for name in CASES]
    proc = subprocess.run(
        [sys.executable, str(RUNNER), *map(str, scripts)],
        env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    runs = {record["script"]: record for record in map(json.loads, filter(None, proc.stdout.splitlines()))}
    return {"written": written, "runs": runs, "rewritten": rewritten}


def _result(record: dict[str, Any]) -> dict[str, Any]:
    assert record["ok"], record.get("error")
    return json.loads(record["stdout"])


ALL = sorted({*CASES, *UNCHANGED_BY_OLD_FIX})


@pytest.mark.parametrize("name", ALL)
def test_fixture_trains(outcome: dict[str, Any], name: str) -> None:
    result = _result(outcome["runs"][str(CLEAN / name)])
    assert len(result["losses"]) >= 10 and result["weights"]
    assert all(loss == loss for loss in result["losses"])  # no NaN


@pytest.mark.parametrize(
    "name,mode",
    [(name, mode) for name in ALL for mode in ({**{n: m for n, (_, _, m) in CASES.items()}, **UNCHANGED_BY_OLD_FIX}[name])],
)
def test_left_byte_identical(outcome: dict[str, Any], name: str, mode: str) -> None:
    copy = outcome["written"][(name, mode)]
    assert copy.read_bytes() == (CLEAN / name).read_bytes(), f"gradfix {' '.join(MODES[mode])} changed {name}"


@pytest.mark.parametrize("name", ALL)
def test_written_copy_trains_the_same(outcome: dict[str, Any], name: str) -> None:
    original = _result(outcome["runs"][str(CLEAN / name)])
    written = _result(outcome["runs"][str(outcome["written"][(name, "write-unsafe")])])
    assert written == original


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_old_rewrite_changes_training(outcome: dict[str, Any], name: str) -> None:
    """The trap is real: the rewrite gradfix made before the audit fails or trains otherwise."""
    original = _result(outcome["runs"][str(CLEAN / name)])
    record = outcome["runs"][str(outcome["rewritten"] / name)]
    if not record["ok"]:
        assert "Error" in record["error"]  # e.g. backward through a freed graph, a TypeError
        return
    rewritten = json.loads(record["stdout"])
    assert (rewritten["losses"], rewritten["weights"]) != (original["losses"], original["weights"])
