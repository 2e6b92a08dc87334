"""Property tests: random valid programs never crash gradfix, never come out unparseable,
reach a fixed point in one `--write`, and are byte-identical when they train nothing.

Bounded for the normal run; raise the count with `FUZZ_EXAMPLES=N` (see docs/fuzzing.md).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import hypothesmith
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conftest import run_gradfix  # noqa: E402
from fuzz.loopgen import generate  # noqa: E402
from fuzz.properties import OPTION_SETS, check_program  # noqa: E402

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "0")) or None
LOOP_SEEDS = range(EXAMPLES or 24)
HYPOTHESMITH_EXAMPLES = EXAMPLES or 25

TRAINING_TAIL = """

def _fuzz_train(model, optimizer, loader):
    for x, y in loader:
        loss = model(x).sum()
        loss.backward()
        optimizer.step()
"""


@pytest.mark.parametrize("seed", LOOP_SEEDS)
@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "all-unsafe"])
def test_generated_training_loops(seed, options):
    source, has_events = generate(seed)
    check_program(source, has_events, options)


def test_generator_makes_programs_that_get_fixed_and_programs_without_events():
    # the properties above are only worth something if the generator covers both kinds
    kinds = [generate(seed) for seed in range(40)]
    assert any(not has_events for _, has_events in kinds)
    fixed = 0
    for source, has_events in kinds[:20]:
        if has_events:
            out = check_program(source, has_events, OPTION_SETS[0])
            fixed += out != source.encode()
    assert fixed >= 3


# Python programs from hypothesmith's grammar. Building the grammar's parser takes about a second:
# deferred, it is built once, at the first draw of a test that uses it, not twice at import in
# every worker that collects this file. (A deferred strategy draws exactly what it wraps.)
PROGRAMS = st.deferred(hypothesmith.from_grammar)

_hyp = settings(
    max_examples=HYPOTHESMITH_EXAMPLES,
    deadline=None,
    derandomize=not EXAMPLES,  # the normal suite is reproducible; a campaign explores
    suppress_health_check=list(HealthCheck),
)


@_hyp
@given(source=PROGRAMS)
def test_hypothesmith_programs_without_training_are_left_alone(source):
    # the comment makes the prefilter let the program through to the parser and the rules
    program = source + ("\n" if source and not source.endswith("\n") else "") + "# loss.backward() zero_grad\n"
    for options in OPTION_SETS:
        from gradfix.runner import process_source

        result = process_source("h.py", program.encode("utf-8"), options)
        if result.error is not None:  # hypothesmith's grammar is wider than this Python's: a clean refusal is fine
            assert "\n" not in result.error and result.error.startswith("h.py:")
            assert result.fixed is None
            continue
        assert result.fixed is None or result.fixed == program.encode("utf-8")


@_hyp
@given(source=PROGRAMS)
def test_hypothesmith_programs_with_a_training_loop_get_a_parseable_idempotent_fix(source):
    from gradfix.runner import process_source

    program = source + ("\n" if source and not source.endswith("\n") else "") + TRAINING_TAIL
    probe = process_source("h.py", program.encode("utf-8"), OPTION_SETS[0])
    if probe.error is not None:
        assert "\n" not in probe.error and probe.fixed is None
        return
    for options in OPTION_SETS:
        out = check_program(program, True, options, name="h.py")
        assert b"zero_grad" in out.split(b"def _fuzz_train", 1)[1]  # the loop was fixed


def test_generated_programs_through_the_cli_write_then_nothing_left(tmp_path):
    originals = {}
    for seed in range(8):
        source, _ = generate(10_000 + seed)
        path = tmp_path / f"prog_{seed}.py"
        path.write_text(source, encoding="utf-8")
        originals[path] = source
    first = run_gradfix("--write", "--jobs", "1", ".", cwd=tmp_path)
    assert first.returncode in (0, 1), first.stderr.decode()
    after_first = {p: p.read_bytes() for p in originals}
    assert any(after_first[p] != originals[p].encode() for p in originals)
    second = run_gradfix("--write", "--jobs", "1", ".", cwd=tmp_path)
    assert second.returncode in (0, 1), second.stderr.decode()
    assert {p: p.read_bytes() for p in originals} == after_first
    assert b"Fixed 0 findings in 0 files" in second.stderr
