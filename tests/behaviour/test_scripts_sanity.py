"""The example scripts and their references are fit to judge gradfix's fixes.

For each reference and the examples compared with it: every script keeps the
output contract, the reference gives the same result twice, and each buggy
script trains differently from the reference (otherwise a behaviour test
comparing gradfix's output with the reference could not fail). Two examples
keep their training unchanged by design; for those the test checks what the
bug does change instead.

Every script run costs ~3 s of CPU, almost all of it importing torch, so the
tests are grouped by reference: each group runs its reference twice and each
of its examples once, and nothing is run twice for two tests.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from .harness import (
    EXAMPLES_DIR,
    REFERENCE_DIR,
    REFERENCES,
    TOLERANCES,
    TRAINING_UNCHANGED_BY_BUG,
    run_script,
    training_differences,
)

GROUPS: dict[str, list[str]] = {}
for _example, _reference in sorted(REFERENCES.items()):
    GROUPS.setdefault(_reference, []).append(_example)


def _run_all(paths: list[Path]) -> list[dict[str, Any]]:
    # Under pytest-xdist the workers already keep the cores busy.
    workers = 1 if os.environ.get("PYTEST_XDIST_WORKER") else min(len(paths), os.cpu_count() or 1)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(run_script, paths))


def test_every_example_has_a_reference() -> None:
    examples = {p.name for p in EXAMPLES_DIR.glob("*.py")}
    assert examples == set(REFERENCES), "examples/ and harness.REFERENCES disagree"
    for reference in set(REFERENCES.values()):
        assert (REFERENCE_DIR / reference).is_file(), reference


@pytest.mark.parametrize("reference", sorted(GROUPS))
def test_examples_against_reference(reference: str) -> None:
    examples = GROUPS[reference]
    first, second, *buggy_results = _run_all(
        [REFERENCE_DIR / reference, REFERENCE_DIR / reference] + [EXAMPLES_DIR / e for e in examples]
    )
    assert first == second, f"{reference} is not deterministic"

    for example, buggy in zip(examples, buggy_results):
        if example in TOLERANCES:
            # The fixed form only changes rounding; the buggy one is equal up to it too.
            assert not training_differences(buggy, first, tolerance=TOLERANCES[example]), example
        elif example in TRAINING_UNCHANGED_BY_BUG:
            assert not training_differences(buggy, first), example
        else:
            assert buggy["losses"] != first["losses"], f"{example} has the reference's losses"
            assert buggy["weights_sha256"] != first["weights_sha256"], f"{example} has the reference's weights"
        _check_specific(example, buggy, first)


def _check_specific(example: str, buggy: dict[str, Any], reference: dict[str, Any]) -> None:
    if example == "running_loss_tensor.py":
        # The buggy running total holds one loss graph per step; the fixed one
        # only the current step's (still referenced by `loss`).
        checkpoints = buggy["extra"]["checkpoints"]
        assert reference["extra"]["checkpoints"] == checkpoints
        assert buggy["extra"]["live_loss_graphs"] == checkpoints
        assert reference["extra"]["live_loss_graphs"] == [1] * len(checkpoints)
    elif example == "linreg_no_zero_grad.py":
        # First epoch: every batch's gradient adds to all the previous ones.
        norms = buggy["extra"]["grad_norms"]
        assert all(later > earlier for earlier, later in zip(norms[:5], norms[1:6])), norms[:6]
        assert reference["extra"]["grad_norms"][0] == norms[0]
    elif example == "accum_no_flush.py":
        assert buggy["extra"]["optimizer_steps"] < reference["extra"]["optimizer_steps"]
    elif example == "scheduler_before_optimizer.py":
        # The buggy loop runs one schedule step ahead of the reference.
        assert buggy["extra"]["lrs"][:-1] == reference["extra"]["lrs"][1:]
    elif example == "amp_clip_without_unscale.py":
        # Clipping the scaled gradients leaves updates ~1/scale of their size:
        # the buggy model barely moves while the reference learns.
        assert min(buggy["extra"]["grad_norms"]) > 1000.0
        assert reference["losses"][-1] < 0.5 * reference["losses"][0]
        assert buggy["losses"][-1] > 0.8 * buggy["losses"][0]
    elif example == "clip_after_step.py":
        assert max(reference["extra"]["grad_norms"]) > 1.0  # clipping is active
