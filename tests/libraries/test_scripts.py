"""The training scripts in tests/libraries/scripts/ run the real libraries, and each bug is real.

    buggy script                          hand-fixed script                  rule
    accelerate_accumulate_no_clear.py     accelerate_accumulate_fixed.py     GF001
    accelerate_double_scaled.py           accelerate_accumulate_fixed.py     GF016
    fabric_no_backward_sync_undivided.py  fabric_no_backward_sync_fixed.py   GF005
    lightning_manual_no_zero_grad.py      lightning_manual_fixed.py          GF001
    timm_native_scaler_attribute_no_clear.py  timm_native_scaler.py          GF001
    ignite_method_clear_after_backward.py ignite_method_engine.py            GF002
    lightning_manual_accumulate_undivided.py  lightning_manual_accumulate_fixed.py  GF005
    lightning_accumulate_double_scaled.py lightning_accumulate.py            GF016
    accelerate_clip_after_step.py         accelerate_clip_synced.py          GF010

Correct scripts (gradfix must report nothing): the hand-fixed ones, lightning_automatic.py,
lightning_accumulate.py, accelerate_clip_synced.py, hf_trainer_subclass.py, ignite_supervised.py, ignite_handler_clears.py (the clear in an
`Events.ITERATION_STARTED` handler), timm_native_scaler.py.

Each prints one JSON line in the contract of tests/behaviour/harness.py, so behaviour tests
"gradfix's fix trains like the hand fix" can use them as they are. One test runs them all
(each run pays a library import of seconds; a shared fixture would run again in every
xdist worker).
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytest.importorskip("torch")

from tests.behaviour.harness import run_script, training_differences  # noqa: E402

SCRIPTS = Path(__file__).parent / "scripts"

# buggy script -> (hand-fixed script, the rule that should fix it)
PAIRS: dict[str, tuple[str, str]] = {
    "accelerate_accumulate_no_clear.py": ("accelerate_accumulate_fixed.py", "GF001"),
    "accelerate_double_scaled.py": ("accelerate_accumulate_fixed.py", "GF016"),
    "accelerate_double_scaled_in_step_helper.py": ("accelerate_accumulate_fixed.py", "GF016"),
    "fabric_no_backward_sync_undivided.py": ("fabric_no_backward_sync_fixed.py", "GF005"),
    "lightning_manual_no_zero_grad.py": ("lightning_manual_fixed.py", "GF001"),
    "timm_native_scaler_attribute_no_clear.py": ("timm_native_scaler.py", "GF001"),
    "ignite_method_clear_after_backward.py": ("ignite_method_engine.py", "GF002"),
    "lightning_manual_accumulate_undivided.py": ("lightning_manual_accumulate_fixed.py", "GF005"),
    "lightning_accumulate_double_scaled.py": ("lightning_accumulate.py", "GF016"),
    "accelerate_clip_after_step.py": ("accelerate_clip_synced.py", "GF010"),
    "accelerate_plugin_double_scaled.py": ("accelerate_accumulate_fixed.py", "GF016"),
    "accelerate_clip_unsynced.py": ("accelerate_clip_synced.py", "GF010"),
    "fabric_window_and_last_undivided.py": ("fabric_window_and_last_fixed.py", "GF005"),
    "lightning_manual_module_clear_between.py": ("lightning_manual_fixed.py", "GF002"),
    "lightning_manual_helper_no_zero_grad.py": ("lightning_manual_fixed.py", "GF001"),
    "lightning_manual_sched_before.py": ("lightning_manual_sched_after.py", "GF012"),
    "ignite_supervised_loss_fn_divided.py": ("ignite_supervised.py", "GF016"),
    "hf_trainer_training_step_clears.py": ("hf_trainer_training_step_fixed.py", "GF011"),
}
CLEAN: tuple[str, ...] = (
    "accelerate_accumulate_fixed.py",
    "fabric_no_backward_sync_fixed.py",
    "lightning_manual_fixed.py",
    "lightning_automatic.py",
    "hf_trainer_subclass.py",
    "ignite_supervised.py",
    "ignite_handler_clears.py",
    "ignite_method_engine.py",
    "lightning_manual_accumulate_fixed.py",
    "timm_native_scaler.py",
    "lightning_accumulate.py",
    "accelerate_clip_synced.py",
)
# Scripts that train the same model on the same data with the same effective update, through
# different libraries: their results must be identical (a check that the fixed scripts are right).
SAME_TRAINING: tuple[tuple[str, ...], ...] = (
    ("accelerate_accumulate_fixed.py", "fabric_no_backward_sync_fixed.py", "ignite_supervised.py"),
    ("lightning_manual_fixed.py", "lightning_automatic.py"),
    ("ignite_handler_clears.py", "ignite_method_engine.py"),
)
NEEDS = {
    "accelerate": "accelerate",
    "fabric": "lightning_fabric",
    "lightning": "pytorch_lightning",
    "hf": "transformers",
    "ignite": "ignite",
    "timm": "timm",
}


def _available(script: str) -> bool:
    import importlib.util

    module = NEEDS[script.split("_")[0]]
    return importlib.util.find_spec(module) is not None


def test_scripts_exist_and_are_listed() -> None:
    listed = set(PAIRS) | {fixed for fixed, _ in PAIRS.values()} | set(CLEAN)
    assert listed == {p.name for p in SCRIPTS.glob("*.py")}


def test_buggy_scripts_train_differently_and_clean_ones_agree() -> None:
    names = sorted(n for n in set(PAIRS) | set(CLEAN) if _available(n))
    needed = set(PAIRS) | {fixed for fixed, _ in PAIRS.values()}
    if not needed <= set(names):
        pytest.skip(f"libraries missing for {sorted(needed - set(names))}")
    workers = 1 if os.environ.get("PYTEST_XDIST_WORKER") else 2
    with ThreadPoolExecutor(max_workers=workers) as pool:
        results = dict(zip(names, pool.map(lambda n: run_script(SCRIPTS / n), names)))

    problems: list[str] = []
    for buggy, (fixed, rule) in PAIRS.items():
        if not training_differences(results[buggy], results[fixed]):
            problems.append(f"{buggy} ({rule}) trains exactly like {fixed}: the bug changes nothing")
        if results[buggy]["weights_sha256"] == results[fixed]["weights_sha256"]:
            problems.append(f"{buggy} ends with {fixed}'s weights")
    for group in SAME_TRAINING:
        first, *others = [n for n in group if n in results]
        for other in others:
            for difference in training_differences(results[other], results[first]):
                problems.append(f"{other} vs {first}: {difference}")
    # GF016: the double-scaled script logs loss / 4; its first window (before any step) is the same
    # data and weights, so 4 x its logged losses equal the fixed script's (exact for a power of 2)
    double, fixed = results["accelerate_double_scaled.py"], results["accelerate_accumulate_fixed.py"]
    if [4 * v for v in double["losses"][:4]] != fixed["losses"][:4]:
        problems.append("accelerate_double_scaled.py's first window is not fixed's divided by 4")
    assert not problems, "\n".join(problems)
