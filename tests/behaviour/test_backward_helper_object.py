"""Accumulation through an object's `backward(loss)` method, fixed by gradfix: the project
trains like the hand-fixed one.

tests/behaviour/projects/backward_helper_object/ holds accumulation.py (a class whose
`backward(loss)` runs `loss.backward()`) and train.py (the seed accumulation loop calling
`grad_acc.backward(loss)` on every micro-batch, the loss not divided by the window of 4).
GF005 must divide the argument (`grad_acc.backward(loss / accumulation_steps)`), never the
object (`(grad_acc / accumulation_steps).backward(loss)` is a TypeError), and leave
accumulation.py alone; the fixed project must train exactly like
backward_helper_object_reference/, where the loss is divided when it is computed.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.behaviour.harness import assert_same_training, gradfix_command, run_script

pytest.importorskip("torch")

PROJECTS = Path(__file__).parent / "projects"
BUGGY = PROJECTS / "backward_helper_object"


@pytest.fixture(scope="module")
def reference() -> dict:
    return run_script(PROJECTS / "backward_helper_object_reference" / "train.py")


def test_the_bug_changes_training(reference: dict) -> None:
    buggy = run_script(BUGGY / "train.py")
    assert buggy["losses"][:4] == reference["losses"][:4]  # the same first window
    assert buggy["weights_sha256"] != reference["weights_sha256"]


@pytest.mark.parametrize("target", [".", "train.py"])
def test_argument_divided_trains_like_the_hand_fix(tmp_path: Path, target: str, reference: dict) -> None:
    work = tmp_path / "project"
    shutil.copytree(BUGGY, work)
    subprocess.run([*gradfix_command(), "--isolated", "--no-cache", "--write", target], cwd=work, check=False, capture_output=True, timeout=300)
    assert (work / "accumulation.py").read_bytes() == (BUGGY / "accumulation.py").read_bytes()
    fixed = (work / "train.py").read_text(encoding="utf-8")
    original = (BUGGY / "train.py").read_text(encoding="utf-8")
    assert fixed == original.replace("grad_acc.backward(loss)", "grad_acc.backward(loss / accumulation_steps)")
    result = run_script(work / "train.py")
    assert_same_training(result, reference)
    assert result["extra"] == reference["extra"]
