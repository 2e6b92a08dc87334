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
