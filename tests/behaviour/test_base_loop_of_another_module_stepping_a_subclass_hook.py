"""A base trainer's loop steps (or steps every N batches) around a stub hook, `raise
NotImplementedError`, that a subclass of another module writes with the backward: the base
module says no gradient word of its own, and gradfix now follows the hook to the subclass.
The fixed project trains exactly like the hand-fixed one.

tests/behaviour/projects/base_loop_steps_for_a_subclass_of_another_module/: engine/base.py's
`fit` never clears; regression.py's `training_step` backpropagates (GF001: a clear before the
hook, in the base loop).
tests/behaviour/projects/base_window_of_a_package_for_a_subclass_of_another_module/: trainlib's
`Trainer.start` steps every `accu_grad` batches, its subclass is written on `trainlib.Trainer`
(the package's `__init__.py` re-exports it): the last batches of each epoch never reach a step
(GF006's flush; GF005 is reported without a fix, the loss being in another file).
Each `<name>_reference/` is the same project fixed by hand.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.behaviour.harness import assert_same_training, gradfix_command, run_script

pytest.importorskip("torch")

PROJECTS = Path(__file__).parent / "projects"
CASES = [
    ("base_loop_steps_for_a_subclass_of_another_module", "engine/base.py"),
    ("base_window_of_a_package_for_a_subclass_of_another_module", "trainlib/trainer.py"),
]


@pytest.fixture(scope="module")
def references() -> dict:
    return {name: run_script(PROJECTS / f"{name}_reference" / "train.py") for name, _ in CASES}


@pytest.mark.parametrize("name", [name for name, _ in CASES])
def test_the_bug_changes_training(references: dict, name: str) -> None:
    assert run_script(PROJECTS / name / "train.py")["weights_sha256"] != references[name]["weights_sha256"]


@pytest.mark.parametrize("name,base_file", CASES)
def test_fixed_like_the_hand_fix(tmp_path: Path, name: str, base_file: str, references: dict) -> None:
    work = tmp_path / "project"
    shutil.copytree(PROJECTS / name, work)
    subprocess.run([*gradfix_command(), "--isolated", "--no-cache", "--write", "."], cwd=work, check=False, capture_output=True, timeout=300)
    hand = PROJECTS / f"{name}_reference"
    assert (work / base_file).read_bytes() == (hand / base_file).read_bytes()
    assert (work / "regression.py").read_bytes() == (hand / "regression.py").read_bytes()
    assert_same_training(run_script(work / "train.py"), references[name])
