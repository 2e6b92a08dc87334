"""`assigned_calls`: the `key = Call(...)` statements of a module, read from the assignment
index when a rule built it and from a walk over statements otherwise, with the same answer."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

from gradfix.analysis.assignments import (
    assigned_calls,
    assignment_statements,
    assignments,
    built,
)
from gradfix.analysis.loops import build_model
from gradfix.source import Source

ROOT = Path(__file__).parent.parent


def _model(text: str):  # type: ignore[no-untyped-def]
    return build_model(Source.from_bytes(text.encode(), "case.py"), None)


def _where(calls: list[ast.Call]) -> list[tuple[int, int]]:
    return sorted((c.lineno, c.col_offset) for c in calls)


def _both(model, key: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:  # type: ignore[no-untyped-def]
    """(the answer without the index, the answer with it), on the same tree."""
    assert not built(model)
    walked = _where(assigned_calls(model, key))
    assignments(model)
    return walked, _where(assigned_calls(model, key))


CASE = textwrap.dedent(
    """\
    import torch
    opt = torch.optim.SGD(p)
    opt = opt = Wrapped(p)
    a, opt = 1, torch.optim.Adam(p)
    [opt] = [make()]
    opt: object = Annotated(p)
    x = (opt := Walrus(p))
    opt += 1
    class Trainer:
        def setup(self):
            self.opt = Own(p)
            if ready:
                opt = InsideIf(p)
        class Inner:
            opt = InClass(p)
    def outer():
        def inner():
            while True:
                try:
                    opt = InTry(p)
                except E:
                    opt = InHandler(p)
        with ctx() as opt:
            pass
        match y:
            case 1:
                opt = InMatch(p)
    opt = not_a_call
    """
)


def test_the_calls_bound_by_equals_statements_at_any_depth() -> None:
    model = _model(CASE)
    walked, indexed = _both(model, "opt")
    # a chained `opt = opt = ...` once; no tuple or list element, annotation, walrus, `+=`, `with`
    assert walked == [(2, 6), (3, 12), (13, 18), (15, 14), (20, 22), (22, 22), (27, 18)]
    assert indexed == walked
    names = {ast.unparse(c.func) for c in assigned_calls(model, "opt")}
    assert names == {"torch.optim.SGD", "Wrapped", "InsideIf", "InClass", "InTry", "InHandler", "InMatch"}


def test_self_attributes_and_keys_bound_nowhere() -> None:
    model = _model(CASE)
    assert _both(model, "self.opt") == ([(11, 19)], [(11, 19)])
    assert _both(_model(CASE), "optimizer") == ([], [])


def test_assignment_statements_are_every_assignment_with_a_value() -> None:
    model = _model(CASE)
    found = {(s.lineno, type(s).__name__) for s in assignment_statements(model)}
    assert (6, "AnnAssign") in found and (7, "Assign") in found and (28, "Assign") in found
    assert not any(line == 8 for line, _ in found)  # `+=` is not one
    assert len(found) == 13
    assert assignment_statements(model) is assignment_statements(model)  # built once per model
    assert not built(model)  # and without the index


def _sources() -> list[str]:
    paths = sorted((ROOT / "examples").rglob("*.py")) + sorted((ROOT / "tests" / "before_after").rglob("*.before.py"))
    return [p.read_text(encoding="utf-8") for p in paths]


def test_the_walk_agrees_with_the_index_for_every_key_of_every_example_and_fixture() -> None:
    compared = bound = 0
    for text in _sources():
        model = _model(text)
        keys = list(assignments(_model(text)).by_key)
        walked = {key: _where(assigned_calls(model, key)) for key in keys}
        assignments(model)
        for key in keys:
            assert _where(assigned_calls(model, key)) == walked[key], key
            compared += 1
            bound += bool(walked[key])
    assert compared > 1000 and bound > 200


@pytest.mark.parametrize("select", [{"GF001"}, {"GF001", "GF021"}])
def test_gf001_fix_no_longer_builds_the_index(select: set[str]) -> None:
    """GF001's fix asks how an optimizer was built; with no other rule needing the index, the
    question is answered without building it (on a 5 MB file, half the walk's time)."""
    from gradfix.pipeline import _rules

    model = _model(
        textwrap.dedent(
            """\
            import torch
            opt = torch.optim.SGD(model.parameters(), lr=0.1)
            for x, y in loader:
                loss = model(x).sum()
                loss.backward()
                opt.step()
            """
        )
    )
    findings = [f for rule in _rules(frozenset(select)) for f in rule.check(model)]
    assert [f.code for f in findings] == ["GF001"] and findings[0].fix is not None
    assert built(model) is ("GF021" in select)  # GF021's own look finds an optimizer and builds it
