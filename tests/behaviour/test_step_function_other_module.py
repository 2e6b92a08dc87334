"""A step function in another module, fixed there: the project trains like the hand-fixed one.

tests/behaviour/projects/step_in_engine/ holds engine.py (`train_step` backpropagates and steps
without clearing) and train.py (a loop calling it per batch). `gradfix --write` on the whole
project, and on engine.py alone (as pre-commit runs it), must put the clear into engine.py and
leave train.py alone; the fixed project must train exactly like step_in_engine_reference/.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.behaviour.harness import assert_same_training, gradfix_command, run_script

pytest.importorskip("torch")

PROJECTS = Path(__file__).parent / "projects"


def _gradfix(*args: str, cwd: Path) -> None:
    import subprocess

    subprocess.run([*gradfix_command(), "--isolated", "--no-cache", *args], cwd=cwd, check=False, capture_output=True, timeout=300)


@pytest.fixture(scope="module")
def reference() -> dict:
    return run_script(PROJECTS / "step_in_engine_reference" / "train.py")


def test_the_bug_changes_training(reference: dict) -> None:
    buggy = run_script(PROJECTS / "step_in_engine" / "train.py")
    assert buggy["weights_sha256"] != reference["weights_sha256"]


@pytest.mark.parametrize("target", [".", "engine.py"])
def test_step_function_fixed_in_its_module_trains_like_the_hand_fix(tmp_path: Path, target: str, reference: dict) -> None:
    work = tmp_path / "project"
    shutil.copytree(PROJECTS / "step_in_engine", work)
    _gradfix("--write", target, cwd=work)
    assert (work / "train.py").read_bytes() == (PROJECTS / "step_in_engine" / "train.py").read_bytes()
    assert (work / "engine.py").read_bytes() == (PROJECTS / "step_in_engine_reference" / "engine.py").read_bytes()
    assert_same_training(run_script(work / "train.py"), reference)
