"""Per-task backward loops keep the `retain_graph=True` they need (issue 11, part 1).

The clean fixtures `tests/before_after/clean/per_task_losses_*.py` backpropagate several
losses of one forward pass one at a time, in a loop over the losses (per-task gradients for
gradient surgery): every backward but the last needs the graph again. Each is copied, run
through `gradfix --write` and `gradfix --write --unsafe-fixes`, and must come out
byte-identical and still train exactly as before (same per-step losses, same weights).

All copies and the originals run in one interpreter (torch is imported once).
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
FIXTURES = sorted(p.name for p in CLEAN.glob("per_task_losses_*.py"))
MODES = {"write": ("--write",), "write-unsafe": ("--write", "--unsafe-fixes")}
RUNNER = Path(__file__).resolve().parent / "run_in_one_process.py"


@pytest.fixture(scope="module")
def outcome(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """gradfix in both modes over copies of every fixture, then every script run once."""
    root = tmp_path_factory.mktemp("per_task")
    env = {**os.environ, "OMP_NUM_THREADS": "1", "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1"}
    written: dict[tuple[str, str], Path] = {}
    for mode, flags in MODES.items():
        folder = root / mode
        folder.mkdir()
        for name in FIXTURES:
            shutil.copyfile(CLEAN / name, folder / name)
            written[(name, mode)] = folder / name
        proc = subprocess.run(
            [*gradfix_command(), "--isolated", *flags, "."],
            cwd=folder, env=env, capture_output=True, text=True, timeout=120,
        )
        assert proc.returncode in (0, 1), proc.stderr
    scripts = [CLEAN / name for name in FIXTURES] + list(written.values())
    proc = subprocess.run(
        [sys.executable, str(RUNNER), *map(str, scripts)],
        env=env, capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    runs = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    assert [r["script"] for r in runs] == list(map(str, scripts))
    by_script = {r["script"]: r for r in runs}
    return {"written": written, "runs": by_script}


def test_there_are_per_task_fixtures() -> None:
    assert len(FIXTURES) >= 3, FIXTURES


@pytest.mark.parametrize("name", FIXTURES)
def test_fixture_trains_as_written(outcome: dict[str, Any], name: str) -> None:
    original = outcome["runs"][str(CLEAN / name)]
    assert original["ok"], original.get("error")
    result = json.loads(original["stdout"])
    assert len(result["losses"]) >= 10 and result["weights"]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", FIXTURES)
def test_left_byte_identical(outcome: dict[str, Any], name: str, mode: str) -> None:
    copy = outcome["written"][(name, mode)]
    assert copy.read_bytes() == (CLEAN / name).read_bytes(), f"gradfix {' '.join(MODES[mode])} changed {name}"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", FIXTURES)
def test_still_runs_and_trains_the_same(outcome: dict[str, Any], name: str, mode: str) -> None:
    original = outcome["runs"][str(CLEAN / name)]
    rewritten = outcome["runs"][str(outcome["written"][(name, mode)])]
    assert rewritten["ok"], f"{name} after gradfix {' '.join(MODES[mode])}: {rewritten.get('error')}"
    assert json.loads(rewritten["stdout"]) == json.loads(original["stdout"])
