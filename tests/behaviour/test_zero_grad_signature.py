"""The clear GF001 inserts is one the optimizer accepts: the fixed project runs and trains like
the hand-fixed one.

tests/behaviour/projects/zero_grad_without_set_to_none/train.py trains four models, each
with an optimizer named `optimizer` and a loop that never clears (the bug): a class of the
project re-exported by its package (`from pkg.optim import WrappedOptimizer`), a class that
inherits `zero_grad(self)` from a project base (`optim.NamedOpt`, in a while loop), Apex's
`FusedAdam` (our stand-in, tests/libraries/standins/apex_optimizers.py, importable from a
folder outside the project, so that gradfix knows it from its library table only) and
torch's SGD. `gradfix --write` must insert a bare `optimizer.zero_grad()` in the first three
and `optimizer.zero_grad(set_to_none=True)` in the last, giving the reference project's
train.py byte for byte. The rewrite gradfix made before (`set_to_none=True` in all four)
raises a TypeError.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.behaviour.harness import ScriptError, assert_same_training, gradfix_command, run_script

pytest.importorskip("torch")

PROJECTS = Path(__file__).parent / "projects"
BUGGY = PROJECTS / "zero_grad_without_set_to_none"
REFERENCE = PROJECTS / "zero_grad_without_set_to_none_reference"
STAND_IN = Path(__file__).resolve().parents[1] / "libraries" / "standins" / "apex_optimizers.py"


def _copy(project: Path, root: Path) -> Path:
    """The project under `root`, with the Apex stand-in in `root/vendor` (outside the project)."""
    vendor = root / "vendor" / "apex" / "optimizers"
    if not vendor.is_dir():
        vendor.mkdir(parents=True)
        (vendor.parent / "__init__.py").write_text("")
        shutil.copyfile(STAND_IN, vendor / "__init__.py")
    work = root / project.name
    shutil.copytree(project, work)
    return work


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> dict:
    return run_script(_copy(REFERENCE, tmp_path_factory.mktemp("reference")) / "train.py")


def test_the_bug_changes_training(tmp_path: Path, reference: dict) -> None:
    buggy = run_script(_copy(BUGGY, tmp_path) / "train.py")
    assert buggy["weights_sha256"] != reference["weights_sha256"]


@pytest.mark.parametrize("target", [".", "train.py"])
def test_fixed_project_trains_like_the_hand_fix(tmp_path: Path, target: str, reference: dict) -> None:
    work = _copy(BUGGY, tmp_path)
    subprocess.run(
        [*gradfix_command(), "--isolated", "--no-cache", "--write", target], cwd=work, check=False, capture_output=True, timeout=300
    )
    assert (work / "train.py").read_text() == (REFERENCE / "train.py").read_text()
    assert_same_training(run_script(work / "train.py"), reference)


def test_set_to_none_everywhere_raises(tmp_path: Path) -> None:
    work = _copy(REFERENCE, tmp_path)
    script = work / "train.py"
    script.write_text(script.read_text().replace("optimizer.zero_grad()", "optimizer.zero_grad(set_to_none=True)"))
    with pytest.raises(ScriptError, match="TypeError: .*zero_grad\\(\\) got an unexpected keyword argument 'set_to_none'"):
        run_script(script)
