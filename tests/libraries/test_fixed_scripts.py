"""Behaviour tests with the real libraries: gradfix's fix of each buggy library script (GF001
under `accelerator.accumulate`, GF005 under `fabric.no_backward_sync`, GF016 double-scaled
accumulation (also with the backward in a step helper), GF001 in Lightning manual optimization, GF001 with timm's NativeScaler held in an
attribute, GF002 in a bound method an Ignite Engine runs, GF005 in Lightning manual accumulation, GF010 inside
`accelerator.accumulate`, GF016 in
a Lightning training_step dividing by the Trainer's module-level setting)
must train exactly like the hand-fixed
script (same per-micro-batch losses, bit-identical weights).

A case the engine cannot fix yet is listed in PENDING and runs as a strict xfail.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("torch")

from tests.behaviour.harness import apply_gradfix, run_script, training_differences  # noqa: E402

from .test_scripts import PAIRS, SCRIPTS, _available  # noqa: E402

PENDING: frozenset[str] = frozenset()


def _cases():
    for buggy, (fixed, rule) in sorted(PAIRS.items()):
        marks = [pytest.mark.xfail(strict=True, reason="pending engine support for library idioms")] if buggy in PENDING else []
        yield pytest.param(buggy, fixed, rule, marks=marks, id=f"{rule}-{buggy.removesuffix('.py')}")


@pytest.mark.parametrize("buggy,fixed,rule", list(_cases()))
def test_gradfix_fix_trains_like_the_hand_fix(buggy: str, fixed: str, rule: str, tmp_path: Path) -> None:
    if not (_available(buggy) and _available(fixed)):
        pytest.skip("library not installed")
    copy = apply_gradfix(SCRIPTS / buggy, tmp_path)
    assert copy.read_bytes() != (SCRIPTS / buggy).read_bytes(), f"gradfix left {buggy} unchanged ({rule} did not fire)"
    result, expected = run_script(copy), run_script(SCRIPTS / fixed)
    assert training_differences(result, expected) == []
