"""Evaluation code of another module reached through an object leaves the network in eval mode:
GF017 switches it back after the call in train.py, and the fixed project trains exactly like the
hand-fixed one.

tests/behaviour/projects/eval_mixin_star_import/: a method inherited from a mixin a star import
brings (`from mixins import *`; `class Trainer(ScoringMixin)`; `self.score(...)`).
tests/behaviour/projects/eval_callback_object/: a method of a callback object of a plain class of
callbacks.py (`scorer = HeldOutScorer(...)`; `scorer.after_epoch(network)`).
tests/behaviour/projects/sequential_probe/: a probe of finetune.py training `nn.Sequential(encoder,
head)` after the loop's own evaluation left the encoder in eval mode (`encoder.train()` before the call).
tests/behaviour/projects/engine_object_trains_and_evaluates/: an `Engine` object of engine.py, built
over the network and its optimizer, trains it (`engine.update(x, y)`) and evaluates it
(`engine.evaluate(...)`, leaving eval mode) in the same loop (`network.train()` after the call).
tests/behaviour/projects/trainer_object_while_loop/: the same through a `Trainer` object of
trainer.py, in a `while step < n:` loop of a script that says no gradient word and has no epoch
loop (the prefilter lets it through for the optimizer it builds and hands over).
tests/behaviour/projects/base_trainer_of_another_module/: a subclass of base.py's `BaseTrainer`,
whose `__init__` builds the optimizer over the network it stores and whose `score` leaves it in
eval mode, trains in a `while` loop of train.py (`self.network.train()` after the call).
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
    ("eval_mixin_star_import", "mixins.py"),
    ("eval_callback_object", "callbacks.py"),
    ("sequential_probe", "finetune.py"),
    ("engine_object_trains_and_evaluates", "engine.py"),
    ("trainer_object_while_loop", "trainer.py"),
    ("base_trainer_of_another_module", "base.py"),
]


@pytest.fixture(scope="module")
def references() -> dict:
    return {name: run_script(PROJECTS / f"{name}_reference" / "train.py") for name, _ in CASES}


@pytest.mark.parametrize("name", [name for name, _ in CASES])
def test_the_bug_changes_training(references: dict, name: str) -> None:
    assert run_script(PROJECTS / name / "train.py")["weights_sha256"] != references[name]["weights_sha256"]


@pytest.mark.parametrize("name,helper_file", CASES)
@pytest.mark.parametrize("target", [".", "train.py"])
def test_fixed_like_the_hand_fix(tmp_path: Path, name: str, helper_file: str, target: str, references: dict) -> None:
    work = tmp_path / "project"
    shutil.copytree(PROJECTS / name, work)
    subprocess.run([*gradfix_command(), "--isolated", "--no-cache", "--write", target], cwd=work, check=False, capture_output=True, timeout=300)
    hand = PROJECTS / f"{name}_reference"
    assert (work / helper_file).read_bytes() == (hand / helper_file).read_bytes()
    assert (work / "train.py").read_bytes() == (hand / "train.py").read_bytes()
    assert_same_training(run_script(work / "train.py"), references[name])
