"""GF001 through an object of the project whose `step()` steps the optimizer it holds.

tests/behaviour/projects/stepper_object/ holds stepping.py (a warm-up wrapper of the project:
its `step()` sets the learning rate and steps its optimizer; it has no `zero_grad`) and
train.py (a loop calling `stepper.step()` that never clears). gradfix must clear the
optimizer the wrapper steps (`stepper.optimizer.zero_grad(...)`; `stepper.zero_grad()` would
be an AttributeError), leave stepping.py alone, and the fixed project must train exactly
like stepper_object_reference/, cleared by hand at the start of each iteration.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.behaviour.harness import assert_same_training, gradfix_command, run_script

pytest.importorskip("torch")

PROJECTS = Path(__file__).parent / "projects"
BUGGY = PROJECTS / "stepper_object"


@pytest.fixture(scope="module")
def reference() -> dict:
    return run_script(PROJECTS / "stepper_object_reference" / "train.py")


def test_the_bug_changes_training(reference: dict) -> None:
    buggy = run_script(BUGGY / "train.py")
    assert buggy["losses"][:2] == reference["losses"][:2]  # the first step sees one batch's gradients in both
    assert buggy["weights_sha256"] != reference["weights_sha256"]


@pytest.mark.parametrize("target", [".", "train.py"])
def test_the_held_optimizer_is_cleared(tmp_path: Path, target: str, reference: dict) -> None:
    work = tmp_path / "project"
    shutil.copytree(BUGGY, work)
    subprocess.run([*gradfix_command(), "--isolated", "--no-cache", "--write", target], cwd=work, check=False, capture_output=True, timeout=300)
    assert (work / "stepping.py").read_bytes() == (BUGGY / "stepping.py").read_bytes()
    fixed = (work / "train.py").read_text(encoding="utf-8")
    original = (BUGGY / "train.py").read_text(encoding="utf-8")
    assert fixed == original.replace(
        "    for x, y in loader:\n", "    for x, y in loader:\n        stepper.optimizer.zero_grad(set_to_none=True)\n"
    )
    result = run_script(work / "train.py")
    assert_same_training(result, reference)
    assert result["extra"] == reference["extra"]
