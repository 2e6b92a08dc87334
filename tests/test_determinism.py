"""The same input gives the same answer in every run: nothing follows object addresses (the
memory layout) or the hash seed of strings."""

from __future__ import annotations

import ast
import gc
import os
import subprocess
import sys
from pathlib import Path

from gradfix.transforms import gf016_double_scaled_accumulation as gf016

ROOT = Path(__file__).resolve().parent.parent

# `python -m gradfix ...` after PAD small objects are allocated: everything gradfix creates
# then sits at other addresses (as `benchmarks/instructions.py --layouts` does)
_LAYOUT_CHILD = r"""
import runpy, sys
_pad = [object() for _ in range(int(sys.argv[1]))]
sys.argv = ["gradfix", *sys.argv[2:]]
runpy.run_module("gradfix", run_name="__main__", alter_sys=True)
"""

# fixtures of the rules whose analyses walk sets of names and nodes (GF005, GF008, GF012,
# GF016, GF032, the stale-optimizer analysis of GF031)
_FIXTURES = ("GF005_", "GF008_", "GF012_", "GF016_", "GF031_", "GF032_")


def _run(pad: int, seed: str, *args: str) -> tuple[int, str, str]:
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", _LAYOUT_CHILD, str(pad), *args], env=env, capture_output=True, text=True, cwd=ROOT, check=False
    )
    return done.returncode, done.stdout, done.stderr


def test_findings_and_fixes_do_not_follow_layout_or_hash_seed() -> None:
    folders = sorted(str(p) for p in (ROOT / "tests" / "before_after").iterdir() if p.name.startswith(_FIXTURES))
    assert len(folders) >= len(_FIXTURES)
    args = ("--select", "ALL", "--no-cache", "--jobs", "1", "--diff", "--unsafe-fixes", *folders)
    runs = [_run(pad, seed, *args) for pad, seed in ((0, "1"), (64, "2"), (200, "3"))]
    assert runs[0][1].count("\n") > 10  # the fixtures' fixes were shown
    assert all(run == runs[0] for run in runs[1:])


def test_a_division_left_behind_is_never_taken_for_another() -> None:
    """`_returned_divisions` notes each `loss /= N` it reads as a division by the division's
    id. A note a consumer never took must not hand its statement to another division that
    later sits at the same address (which would remove an unrelated statement)."""
    function = ast.parse("def hook(loss, n):\n    loss /= n\n    return loss\n").body[0]
    divisions = list(gf016._returned_divisions(function))  # nothing taken: a consumer gave up
    assert len(divisions) == 1
    left = id(divisions[0])
    del divisions
    gc.collect()
    try:
        others = [ast.BinOp(left=None, op=None, right=None) for _ in range(5000)]
        assert all(gf016._in_place(d) is None for d in others)
    finally:
        gf016._IN_PLACE.pop(left, None)


def test_a_division_read_in_place_names_its_statement() -> None:
    function = ast.parse("def hook(loss, n):\n    loss /= n\n    return loss\n").body[0]
    (division,) = gf016._returned_divisions(function)
    assert gf016._in_place(division) is function.body[0]
    assert gf016._in_place(division) is None  # taken once


def test_a_clip_in_a_helper_called_per_optimizer_is_judged_alike_under_every_hash_seed() -> None:
    # GF013 judged the helper's clip against optimizers named two ways (the helper's own `opt`,
    # the loop's `opt_enc`): which clip was reported followed PYTHONHASHSEED (found in session 62)
    before = ROOT / "tests" / "before_after" / "GF013_clip_without_unscale" / "clip_in_a_helper_called_once_per_optimizer.before.py"
    runs = [_run(0, seed, "--select", "GF013", "--no-cache", "--jobs", "1", str(before)) for seed in ("0", "2", "3", "5")]
    assert " GF013 " in runs[0][1]
    assert all(run == runs[0] for run in runs[1:])
