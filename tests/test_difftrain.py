"""The differential training fuzzer, bounded for the normal test run (issue 11, part 3).

`test_generated_programs_train_as_before_after_gradfix` runs DIFFTRAIN_COUNT (default 100)
programs of tests/fuzz/trainprogs.py from seed 0 through the real `gradfix --write`
(and `--unsafe-fixes`, and `--select GF007`) and runs every original, hand-fixed and
rewritten program with real torch: it fails on any safety failure (a correct program
changed, a rewritten program that raises, a fix that trains differently from what it
must). Long campaigns: `python tests/fuzz/difftrain.py --count N` (docs/fuzzing.md).

The other tests check that the fuzzer can fail: the generator covers every bug kind and
shape, the hand fixes differ from the bugs they fix, and the checker reports each kind
of failure when given one.
"""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuzz import difftrain  # noqa: E402
from fuzz.trainprogs import KINDS, SAME_AS_HAND_FIXED, SAME_AS_ORIGINAL, SHAPES, Program, generate  # noqa: E402

COUNT = int(os.environ.get("DIFFTRAIN_COUNT", "100"))
START = int(os.environ.get("DIFFTRAIN_START", "0"))


def test_generated_programs_train_as_before_after_gradfix(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    summary = difftrain.campaign(START, COUNT, jobs=2, batch_size=50, out=tmp_path / "failures", progress=None)
    assert summary["programs"] == COUNT
    kinds = summary["kinds"]
    assert kinds["correct"]["programs"] >= COUNT // 5
    assert sum(k.get("fixed", 0) for k in kinds.values()) >= COUNT // 4, "gradfix fixed almost nothing: is the fuzzer fixing anything?"
    generator = {p: f for p, f in summary["failures"].items() if p.startswith("generator")}
    assert not generator, f"the generator broke its own promises: {generator}"
    details = [
        json.loads(path.read_text())
        for path in sorted((tmp_path / "failures").glob("*/*/failure.json"))
    ]
    lines = [f"seed {d['seed']} ({d['shape']}, {d['kind']}): {d['property']}: {d['detail'][:160]}" for d in details]
    assert not summary["failures"], (
        f"{summary['failed_programs']} of {COUNT} programs failed "
        f"(reproduce one with `python tests/fuzz/trainprogs.py SEED`):\n" + "\n".join(lines)
    )


def test_generator_covers_every_bug_kind_and_shape() -> None:
    programs = [generate(seed) for seed in range(1500)]
    kinds = Counter(p.kind for p in programs)
    shapes = Counter(p.shape for p in programs)
    assert set(kinds) == {"correct", *KINDS}
    assert min(kinds[k] for k in KINDS) >= 40, kinds
    assert set(shapes) == {name for name, _, _ in SHAPES}
    features = Counter(f for p in programs for f in p.features)
    for feature in ("accum", "amp", "scaler", "while", "method", "update_helper", "per_task", "gan", "lbfgs", "autograd_grad", "surgery"):
        assert features[feature] >= 10, (feature, features[feature])


def test_every_program_compiles_and_hand_fixes_are_what_the_relation_says() -> None:
    for seed in range(600):
        p = generate(seed)
        compile(p.source, f"p{seed}.py", "exec")
        compile(p.hand_fixed, f"p{seed}.py", "exec")
        assert "RESULT = " in p.source
        if p.kind == "correct":
            assert p.relation == "unchanged" and p.hand_fixed == p.source
            continue
        assert p.hand_fixed != p.source, seed
        assert p.relation == ("original" if p.kind in SAME_AS_ORIGINAL else "hand_fixed"), seed
        assert p.kind in SAME_AS_ORIGINAL | SAME_AS_HAND_FIXED
        assert (p.tolerance is not None) == (p.kind == "GF003")
    assert generate(123).source == generate(123).source  # a seed is a program


def _batch_with(tmp_path: Path, program: Program, safe_text: str, again: str | None = None) -> difftrain.Batch:
    name = f"p{program.seed}.py"
    texts = {name: {"original": program.source, "hand": program.hand_fixed, "safe": safe_text}}
    report = {"safe": {name: {"fixed": {"GF001": 1} if safe_text != program.source else {}, "remaining": [], "stderr": []}}}
    if again is not None:
        texts[name]["safe_again"] = again
        report["safe_again"] = {name: {"fixed": {"GF006": 1}, "remaining": [], "stderr": []}}
    return difftrain.Batch([program], tmp_path, texts, report)


def _first_program(kind: str, shape: str = "std") -> Program:
    return next(p for p in map(generate, range(5000)) if p.kind == kind and p.shape == shape)


def test_the_checker_reports_each_kind_of_failure(tmp_path: Path) -> None:
    """Rewrites that break the properties, handed to the checker, are reported as failures."""
    pytest.importorskip("torch")
    correct = _first_program("correct")
    gf001 = _first_program("GF001")
    gf004 = _first_program("GF004")
    cases = {
        # a correct program that gradfix changed (here: into itself plus a comment)
        "correct_changed": (correct, correct.source + "# changed\n"),
        # a rewrite that raises
        "crash_after_rewrite": (gf001, gf001.hand_fixed.replace("RESULT = ", "raise RuntimeError('boom')\nRESULT = ", 1)),
        # a "fix" of a missing clear that does not repair training: the buggy program itself
        # with a comment, so it still differs from the hand-fixed one
        "numerics": (gf001, gf001.source + "# not really fixed\n"),
    }
    # a fix that must not change numerics (GF004) but does: the learning rate doubled
    doubled = gf004.source.replace("lr=", "lr=2 * ", 1)
    assert doubled != gf004.source
    cases["numerics_original"] = (gf004, doubled)
    # a rewrite (right in itself) that a second --write changes again
    cases["not_idempotent"] = (gf001, gf001.hand_fixed, gf001.hand_fixed + "# once more\n")
    import multiprocessing

    ctx = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    with ctx.Pool(1, initializer=difftrain._worker_init) as pool:
        for expected, (program, rewrite, *again) in cases.items():
            state = difftrain.Campaign(tmp_path / "out" / expected)
            workdir = tmp_path / expected
            workdir.mkdir()
            difftrain.execute_batch(_batch_with(workdir, program, rewrite, *again), pool, state)
            prop = "numerics" if expected == "numerics_original" else expected
            assert list(state.failures) == [prop], (expected, dict(state.failures), state.failure_details)
            saved = list((tmp_path / "out" / expected / prop).glob("*/failure.json"))
            variant = "safe_again" if again else "safe"
            assert len(saved) == 1
            assert (saved[0].parent / f"rewritten_{variant}.py").read_text() == (again[0] if again else rewrite)
        # and the right rewrite of the same bug passes every check
        state = difftrain.Campaign(tmp_path / "out" / "passes")
        (tmp_path / "passes").mkdir()
        difftrain.execute_batch(_batch_with(tmp_path / "passes", gf001, gf001.hand_fixed), pool, state)
        assert not state.failures, state.failure_details


def test_difference_is_exact_unless_given_a_tolerance() -> None:
    a = {"losses": [1.0, 2.0], "weights": [0.5], "extra": {"running": [3.0]}}
    b = {"losses": [1.0, 2.0 + 1e-12], "weights": [0.5], "extra": {"running": [3.0]}}
    assert difftrain.difference(a, a, None) is None
    assert difftrain.difference(a, b, None) == "losses[1]: 2.0, expected 2.000000000001"
    assert difftrain.difference(a, b, (1e-9, 1e-12)) is None
    nan = {"losses": [float("nan")], "weights": [], "extra": {}}
    assert difftrain.difference(nan, nan, None) is None
    assert difftrain.difference({**a, "weights": []}, a, None) == "weights: 0 values, expected 1"
