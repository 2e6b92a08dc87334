"""A step function in another module, fixed there: the project trains like the hand-fixed one.

tests/behaviour/projects/step_in_engine/ holds engine.py (`train_step` backpropagates and steps
without clearing) and train.py (a loop calling it per batch). `gradfix --write` on the whole
project, and on engine.py alone (as pre-commit runs it), must put the clear into engine.py and
leave train.py alone; the fixed project must train exactly like step_in_engine_reference/.
step_in_package/ is the same with the step function re-exported by its package;
step_from_factory/ has engine.py define the step function in a factory (`make_train_step(model,
optimizer)` returns it) and train.py call what the factory returns;
step_closure_handed_to_a_loop/ hands what the factory returns to loops.py's `fit`, whose loop
calls it once per batch.
accumulating_step_in_engine/ has engine.py's step function accumulate over a window on the
batch index train.py hands it (its loss not divided: GF005), train.py clearing at each epoch's
start: the division goes into engine.py.
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


# (project, the step function's file): step_in_package/ is the same project with the step
# function in core/steps.py, re-exported by core/__init__.py and imported `from core import train_step`
CASES = [
    ("step_in_engine", "engine.py"), ("step_in_package", "core/steps.py"), ("step_from_factory", "engine.py"),
    ("step_from_registry", "engine.py"), ("step_closure_handed_to_a_loop", "engine.py"),
    ("accumulating_step_in_engine", "engine.py"),
]


@pytest.fixture(scope="module")
def references() -> dict:
    return {name: run_script(PROJECTS / f"{name}_reference" / "train.py") for name, _ in CASES}


@pytest.mark.parametrize("name", [name for name, _ in CASES])
def test_the_bug_changes_training(references: dict, name: str) -> None:
    buggy = run_script(PROJECTS / name / "train.py")
    assert buggy["weights_sha256"] != references[name]["weights_sha256"]


@pytest.mark.parametrize("name,step_file", CASES)
@pytest.mark.parametrize("whole", [True, False])
def test_step_function_fixed_in_its_module_trains_like_the_hand_fix(tmp_path: Path, name: str, step_file: str, whole: bool, references: dict) -> None:
    work = tmp_path / "project"
    shutil.copytree(PROJECTS / name, work)
    _gradfix("--write", "." if whole else step_file, cwd=work)
    assert (work / "train.py").read_bytes() == (PROJECTS / name / "train.py").read_bytes()
    assert (work / step_file).read_bytes() == (PROJECTS / f"{name}_reference" / step_file).read_bytes()
    assert_same_training(run_script(work / "train.py"), references[name])
