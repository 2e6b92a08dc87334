"""A loss object built in another module of the project and fed probabilities: fixed, the
project trains exactly like the hand-fixed one.

tests/behaviour/projects/loss_object_named_import/ imports `criterion = nn.CrossEntropyLoss()`
by name (`from losses import criterion`), loss_object_star_import/ imports `criterion =
nn.NLLLoss()` with `from losses import *`, loss_registry_of_another_module/ calls the entry
`LOSS_BY_NAME["xent"]` (an `nn.CrossEntropyLoss()`) of a dict it imports by name; no train.py
names the loss. Each feeds
`torch.softmax(...)` output to it; `gradfix --write` must make train.py the one of
<case>_reference/ (the logits, `log_softmax`), and the fixed run train like it.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.behaviour.harness import assert_same_training, gradfix_command, run_script

pytest.importorskip("torch")

PROJECTS = Path(__file__).parent / "projects"


@pytest.mark.parametrize("case", ["loss_object_named_import", "loss_object_star_import", "loss_registry_of_another_module"])
def test_loss_object_of_another_module_fixed_trains_like_the_hand_fix(tmp_path: Path, case: str) -> None:
    reference = run_script(PROJECTS / f"{case}_reference" / "train.py")
    buggy = run_script(PROJECTS / case / "train.py")
    assert buggy["weights_sha256"] != reference["weights_sha256"]
    work = tmp_path / "project"
    shutil.copytree(PROJECTS / case, work)
    subprocess.run([*gradfix_command(), "--isolated", "--no-cache", "--write", "."], cwd=work, check=False, capture_output=True, timeout=300)
    assert (work / "train.py").read_bytes() == (PROJECTS / f"{case}_reference" / "train.py").read_bytes()
    assert (work / "losses.py").read_bytes() == (PROJECTS / case / "losses.py").read_bytes()
    assert_same_training(run_script(work / "train.py"), reference)
