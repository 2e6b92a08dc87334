"""An evaluation method inherited from a mixin that a star import brings (`from mixins import *`;
`class Trainer(ScoringMixin)`) leaves the network in eval mode: GF017 switches it back after the
call in train.py, and the fixed project trains exactly like the hand-fixed one.

tests/behaviour/projects/eval_mixin_star_import/ holds mixins.py (`score` calls `eval()` and
returns) and train.py (the trainer whose epoch loop calls `self.score(...)`);
eval_mixin_star_import_reference/ is the same project fixed by hand.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.behaviour.harness import assert_same_training, gradfix_command, run_script

pytest.importorskip("torch")

PROJECTS = Path(__file__).parent / "projects"
BUGGY, HAND = PROJECTS / "eval_mixin_star_import", PROJECTS / "eval_mixin_star_import_reference"


@pytest.fixture(scope="module")
def reference() -> dict:
    return run_script(HAND / "train.py")


def test_the_bug_changes_training(reference: dict) -> None:
    assert run_script(BUGGY / "train.py")["weights_sha256"] != reference["weights_sha256"]


@pytest.mark.parametrize("target", [".", "train.py"])
def test_fixed_like_the_hand_fix(tmp_path: Path, target: str, reference: dict) -> None:
    work = tmp_path / "project"
    shutil.copytree(BUGGY, work)
    subprocess.run([*gradfix_command(), "--isolated", "--no-cache", "--write", target], cwd=work, check=False, capture_output=True, timeout=300)
    assert (work / "mixins.py").read_bytes() == (HAND / "mixins.py").read_bytes()
    assert (work / "train.py").read_bytes() == (HAND / "train.py").read_bytes()
    assert_same_training(run_script(work / "train.py"), reference)
