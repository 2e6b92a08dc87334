"""What an analysis leaves for the cycle collector: next to nothing.

A collection scans every young object, alive or not; on a 5 MB file one collection of what a
fix left behind took 1.4 s, and a reference cycle around a syntax tree keeps the whole tree
for the collector to find. These tests check the structure (no cycles, objects frozen out of
the collector's way), never a time.
"""

from __future__ import annotations

import ast
import gc
import weakref
from pathlib import Path

import pytest

from gradfix.analysis.loops import build_model
from gradfix.analysis.names import calls_and_grads
from gradfix.files import SourceFile
from gradfix.project import project_for
from gradfix.runner import Options, run
from gradfix.source import Source

TRAIN = b"""import torch

def train(model, optimizer, loader):
    for x, y in loader:
        loss = model(x).sum()
        loss.backward()
        optimizer.step()
"""


def test_calls_and_grads_leaves_no_cycle() -> None:
    expr = ast.parse("scaler.scale(f(x.grad, g(y))).backward()").body[0]
    gc.collect()
    gc.disable()
    try:
        calls, grads = calls_and_grads(expr)
        assert [c.func.attr if isinstance(c.func, ast.Attribute) else c.func.id for c in calls] == ["g", "f", "scale", "backward"]
        assert len(grads) == 1
        del calls, grads
        assert gc.collect() == 0  # nothing for the collector: freed by reference counts
    finally:
        gc.enable()


def test_a_replaced_analysis_is_freed_without_the_collector(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("")
    path = tmp_path / "train.py"
    path.write_bytes(TRAIN)
    project = project_for(str(path))
    gc.collect()
    gc.disable()
    try:
        first = Source.from_bytes(TRAIN, str(path))
        model = build_model(first, project)
        assert model.loops  # a training loop: the module's functions were indexed
        gone = weakref.ref(first)
        facts = weakref.ref(model.facts)
        del first, model
        assert gone() is not None  # the project holds the analysed module
        build_model(Source.from_bytes(TRAIN, str(path)), project)  # analysed again: replaces it
        assert gone() is None and facts() is None  # freed at once, no collection ran
    finally:
        gc.enable()


def test_a_run_freezes_what_its_files_leave_alive(tmp_path: Path) -> None:
    path = tmp_path / "train.py"
    path.write_bytes(TRAIN)
    options = Options(select=frozenset({"GF001"}))
    for _ in range(2):  # loads the engine, then freezes it with the rest of what is loaded
        list(run([SourceFile(str(path))], options, jobs=1))
    other = tmp_path / "other.py"
    other.write_bytes(TRAIN.replace(b"loader", b"batches"))
    gc.collect()
    before = gc.get_freeze_count()
    results = list(run([SourceFile(str(other))], options, jobs=1))
    assert [d.code for d in results[0].diagnostics] == ["GF001"]
    assert gc.get_freeze_count() > before  # the file's analysis is out of the collector's way


def test_answers_about_nodes_leave_no_cycle_and_go_with_the_file(tmp_path: Path) -> None:
    from gradfix.analysis import names
    from gradfix.runner import process_source

    call = ast.parse("f(g(x.grad))", mode="eval").body  # the answer lists the node itself
    gc.collect()
    gc.disable()
    try:
        first = names.calls_and_grads(call)
        assert names.calls_and_grads(call) is first  # answered once
        assert names.walk_expression(call) is names.walk_expression(call)
        gone = weakref.ref(call)
        del call, first
        names.forget_nodes()
        assert gone() is None  # freed by reference counts: no cycle through the answers
        path = tmp_path / "train.py"
        process_source(str(path), TRAIN, Options(select=frozenset({"GF001"})))
        assert not names._CALLS and not names._WALKED  # nothing kept once the file is done
    finally:
        gc.enable()


def test_process_python_lets_go_of_the_answers_too(tmp_path: Path) -> None:
    """The codemods call `process_python` directly: the answers about nodes go there too."""
    from gradfix.analysis import names
    from gradfix.pipeline import process_python

    process_python(str(tmp_path / "train.py"), TRAIN, Options(select=frozenset({"GF001"})))
    assert not names._CALLS and not names._WALKED


def _collector_states(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, names: list[str], jobs: int, stdin: bytes | None = None
) -> list[tuple[str, str, bool]]:
    """(event, file, collector enabled) when each file's analysis returns and when what it
    left is frozen, over one run of `names` (files of `tmp_path`; "-" is stdin)."""
    from gradfix import runner
    from gradfix.files import STDIN

    events: list[tuple[str, str, bool]] = []
    current = [""]
    real_process, real_freeze = runner.process_source, gc.freeze

    def process(path: str, data: bytes, options: Options, prefiltered: bool = False):  # type: ignore[no-untyped-def]
        try:
            return real_process(path, data, options, prefiltered)
        finally:
            current[0] = Path(path).name
            events.append(("analysed", current[0], gc.isenabled()))

    def freeze() -> None:
        events.append(("freeze", current[0], gc.isenabled()))
        real_freeze()

    monkeypatch.setattr(runner, "process_source", process)
    monkeypatch.setattr(gc, "freeze", freeze)
    sources = [SourceFile(STDIN if name == "-" else str(tmp_path / name)) for name in names]
    stdin_name = str(tmp_path / "stdin.py")
    results = list(run(iter(sources), Options(select=frozenset({"GF001"})), jobs=jobs,
                       read_stdin=lambda: stdin or b"", stdin_name=stdin_name))  # fmt: skip
    assert all(not r.error for r in results)
    assert gc.isenabled()  # as the run found it
    return [event for event in events if event[1]]  # the engine's own freezes before any file


def test_the_last_analysis_of_a_run_is_frozen_before_any_collection(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After a big file the collector is due as soon as it is enabled again, and its young
    collection scans everything the analysis keeps alive (0.9 s after the 5 MB file): the
    run's last analysis keeps the collector paused until what it left is frozen. Earlier ones
    enable it at once, so that their cyclic garbage is collected rather than frozen."""
    for name in ("a.py", "b.py", "c.py"):
        (tmp_path / name).write_bytes(TRAIN)
    (tmp_path / "plain.py").write_bytes(b"x = 1\n")  # never analysed: the prefilter drops it
    # one process (`--jobs 1`): each file analysed as it is found
    assert _collector_states(monkeypatch, tmp_path, ["a.py", "b.py", "c.py"], jobs=1) == [
        ("analysed", "a.py", True), ("freeze", "a.py", True),
        ("analysed", "b.py", True), ("freeze", "b.py", True),
        ("analysed", "c.py", False), ("freeze", "c.py", False),
    ]  # fmt: skip
    # two jobs, too few files for a pool: analysed at the end, the last candidate last
    assert _collector_states(monkeypatch, tmp_path, ["a.py", "b.py", "plain.py"], jobs=2) == [
        ("analysed", "a.py", True), ("freeze", "a.py", True),
        ("analysed", "b.py", False), ("freeze", "b.py", False),
    ]  # fmt: skip
    # a file alone, and stdin last
    assert _collector_states(monkeypatch, tmp_path, ["a.py"], jobs=1) == [
        ("analysed", "a.py", False), ("freeze", "a.py", False),
    ]  # fmt: skip
    assert _collector_states(monkeypatch, tmp_path, ["a.py", "-"], jobs=1, stdin=TRAIN) == [
        ("analysed", "a.py", True), ("freeze", "a.py", True),
        ("analysed", "stdin.py", False), ("freeze", "stdin.py", False),
    ]  # fmt: skip
    # stdin before files still waiting for a pool: they are analysed after it
    assert _collector_states(monkeypatch, tmp_path, ["a.py", "-"], jobs=2, stdin=TRAIN) == [
        ("analysed", "stdin.py", True), ("freeze", "stdin.py", True),
        ("analysed", "a.py", False), ("freeze", "a.py", False),
    ]  # fmt: skip
