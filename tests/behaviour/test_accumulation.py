"""Gradient accumulation, fixed by gradfix, trains exactly like the hand-fixed loop.

The seed scenario (784-128-10 MLP, SGD with momentum, batch 32, accumulation_steps = 4,
30 batches per epoch, which is not a multiple of 4, 2 epochs) in three broken variants:

    examples/accum_unscaled.py              the loss is not divided by 4      -> GF005
    examples/accum_no_flush.py              the 2 leftover batches are lost   -> GF006
    examples/accum_zero_grad_every_batch.py the clear runs every micro-batch  -> GF011

Each is copied, fixed with `gradfix --write` (default rules, safe fixes only) and run;
its per-micro-batch losses, final weights (bit for bit) and number of optimizer steps
must equal those of tests/behaviour/reference/accum_fixed.py.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from gradfix.runner import Options, process_source
from gradfix.transforms import default_codes

from .harness import (
    apply_gradfix,
    example_path,
    reference_path,
    run_script,
    training_differences,
)

# example -> the rule whose fix it needs
VARIANTS: dict[str, str] = {
    "accum_unscaled.py": "GF005",
    "accum_no_flush.py": "GF006",
    "accum_zero_grad_every_batch.py": "GF011",
}


def _workers(count: int) -> int:
    return 1 if os.environ.get("PYTEST_XDIST_WORKER") else min(count, os.cpu_count() or 1)


def test_fixed_variants_train_like_the_hand_fixed_loop(tmp_path: Path) -> None:
    """One test for the three variants: every script run costs seconds of torch import,
    and under xdist a shared fixture would be rebuilt in every worker."""
    fixed: dict[str, Path] = {}
    for example in VARIANTS:
        copy = apply_gradfix(example_path(example), tmp_path / example.removesuffix(".py"))
        assert copy.read_bytes() != example_path(example).read_bytes(), f"gradfix left {example} unchanged"
        fixed[example] = copy
    references = {reference_path(example) for example in VARIANTS}
    assert len(references) == 1, "the three variants share one hand-fixed reference"
    paths = [references.pop(), *fixed.values()]
    with ThreadPoolExecutor(max_workers=_workers(len(paths))) as pool:
        reference, *results = pool.map(run_script, paths)

    problems: list[str] = []
    for example, result in zip(fixed, results):
        differences = training_differences(result, reference)
        if result["extra"]["optimizer_steps"] != reference["extra"]["optimizer_steps"]:
            differences.append(
                f"{result['extra']['optimizer_steps']} optimizer steps instead of {reference['extra']['optimizer_steps']}"
            )
        problems.extend(f"{example}: {d}" for d in differences)
    assert not problems, "\n".join(problems)


def _check(path: Path, source: bytes, codes: set[str]):
    return process_source(str(path), source, Options(select=frozenset(codes), fix=True))


@pytest.mark.parametrize("example", sorted(VARIANTS))
def test_the_expected_rule_reports_the_variant(example: str) -> None:
    path = example_path(example)
    result = _check(path, path.read_bytes(), default_codes())
    assert result.error is None, result.error
    assert [d.code for d in result.diagnostics] == [VARIANTS[example]]


@pytest.mark.parametrize("example", sorted(VARIANTS))
def test_fixed_variant_is_clean(example: str) -> None:
    """After fixing, nothing is left to report (every default rule, not only the variant's)."""
    path = example_path(example)
    fixed = _check(path, path.read_bytes(), default_codes()).fixed
    assert fixed is not None
    again = _check(path, fixed, default_codes())
    assert again.diagnostics == [] and again.fixed is None
