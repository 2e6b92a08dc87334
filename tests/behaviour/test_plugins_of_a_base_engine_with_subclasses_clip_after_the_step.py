"""GF010 through a base engine's plugin list when the engine has subclasses: engine.py's
`run` steps, then runs each plugin's `on_step_end`, and one plugin of plugins.py clips there
(after the step: the step used unclipped gradients). The subclasses of tasks.py keep the list
(one defines no `__init__`, the other hands `*args, **kwargs` on to `super().__init__`), so
the list every construction hands is read. The fixed project (the step moved after the
plugins) trains exactly like the hand-fixed one, not like the buggy one.

tests/behaviour/projects/plugins_of_a_base_engine_with_subclasses_clip_after_the_step/ and its
`_reference/`, fixed by hand."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.behaviour.harness import assert_same_training, gradfix_command, run_script, training_differences

pytest.importorskip("torch")

NAME = "plugins_of_a_base_engine_with_subclasses_clip_after_the_step"
PROJECTS = Path(__file__).parent / "projects"


def test_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    work = tmp_path / "project"
    shutil.copytree(PROJECTS / NAME, work)
    subprocess.run([*gradfix_command(), "--isolated", "--no-cache", "--write", "."], cwd=work, check=False, capture_output=True, timeout=300)
    hand = PROJECTS / f"{NAME}_reference"
    for name in ("engine.py", "plugins.py", "tasks.py", "train.py"):
        assert (work / name).read_bytes() == (hand / name).read_bytes(), name
    expected = run_script(hand / "train.py")
    assert_same_training(run_script(work / "train.py"), expected)
    assert training_differences(run_script(PROJECTS / NAME / "train.py"), expected)
