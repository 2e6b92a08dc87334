"""GF017's modes walk keeps some answers per model (`_free_in` and `_local_alias` of a helper, a
test's names, a statement's guarded calls and listed switches, a suite's exits, the module's
nested functions, plain classes and lambdas, `_either_arm`), and `called_names` keeps its last
texts: a walk must find the same items whether it asks them first (cold) or after every other
walk of the model (warm), and whatever walk asked first. Checked on every GF017 fixture and on
cases written here (one helper reached from loops that bind its free name differently)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from gradfix.analysis.loops import build_model, called_names
from gradfix.analysis.modes import ModeKind, mode_items
from gradfix.source import Source

FIXTURES = sorted((Path(__file__).parent / "before_after" / "GF017_eval_mode_not_restored").glob("*.py"))

# the per-model answers the walk keeps (`_ModeWalker`), and the loops' cached items
_ANSWERS = (
    "_function_answers", "_mode_tests", "_mode_guarded", "_mode_nested", "_mode_plain_classes", "_mode_has_lambda",
    "_mode_lambdas", "_mode_listed", "_mode_exits", "_either_arms", "_mode_items",
)

CASES = {
    # `evaluate()` reads the module's `model`: its own switch at the top-level loop, a switch of
    # some module (not fit's parameter) inside `fit`; `score` switches its local alias `m = net`
    "one_helper_two_bindings": """
        import torch
        model = torch.nn.Linear(2, 1)
        ema = torch.nn.Linear(2, 1)
        opt = torch.optim.SGD(model.parameters(), lr=0.1)

        def evaluate():
            model.eval()
            with torch.no_grad():
                model(torch.ones(1, 2))

        def score(net):
            m = net
            m.eval()
            return m(torch.ones(1, 2)) if net is not None else None

        def fit(model, epochs):
            step = 0
            while step < epochs:
                loss = model(torch.ones(1, 2)).sum()
                opt.zero_grad()
                loss.backward()
                opt.step()
                evaluate()
                score(model)
                step += 1

        for epoch in range(2):
            for x in [torch.ones(1, 2)]:
                loss = model(x).sum()
                opt.zero_grad()
                loss.backward()
                opt.step()
            if epoch > 0 and ema is not None:
                evaluate()
            score(ema)
    """,
    # a method: `self.net` aliased in the helper, a test read in two loops' inlines
    "method_alias_and_tests": """
        import torch

        class Trainer:
            def __init__(self, net):
                self.net = net
                self.opt = torch.optim.SGD(net.parameters(), lr=0.1)

            def validate(self, full):
                net = self.net
                if full or self.net.training:
                    net.eval()
                return net(torch.ones(1, 2)).sum().item()

            def warmup(self):
                for i in range(2):
                    loss = self.net(torch.ones(1, 2)).sum()
                    self.opt.zero_grad()
                    loss.backward()
                    self.opt.step()
                    self.validate(False)

            def run(self):
                for epoch in range(3):
                    self.net.train()
                    loss = self.net(torch.ones(1, 2)).sum()
                    self.opt.zero_grad()
                    loss.backward()
                    self.opt.step()
                    self.validate(True)
    """,
}


def _sources() -> list[tuple[str, str]]:
    found = [(path.name, path.read_text()) for path in FIXTURES]
    found += [(name, textwrap.dedent(text)) for name, text in CASES.items()]
    return found


def _at(node) -> tuple:  # type: ignore[no-untyped-def,type-arg]
    """A node by its kind and place: the walk builds some calls afresh at each walk (the call a
    `functools.partial` binds, written at the place of its call), so not by identity."""
    return (type(node).__name__, *(getattr(node, f, None) for f in ("lineno", "col_offset", "end_lineno", "end_col_offset")))


def _form(items: list) -> list[tuple]:  # type: ignore[type-arg]
    return [
        (i.kind, i.keys, _at(i.node), tuple(map(id, i.path)), tuple(map(id, i.blocks)), tuple(map(_at, i.via)), tuple(map(id, i.loops)),
         i.tests, i.conditional, i.exits, i.no_grad, i.arms)
        for i in items
    ]  # fmt: skip


def _forget(model) -> None:  # type: ignore[no-untyped-def]
    for name in _ANSWERS:
        model.__dict__.pop(name, None)


def _walks(text: str) -> int:
    """Each loop walked cold (no answer kept), then all walked in order and in reverse order with
    the answers kept: the same items each time. The number of items compared."""
    source = Source.from_bytes(text.encode(), "case.py")
    model = build_model(source, None)
    cold = {}
    for loop in model.loops:
        _forget(model)
        cold[id(loop.node)] = _form(mode_items(loop, model))
    for order in (model.loops, list(reversed(model.loops))):
        _forget(model)
        for loop in order:
            assert _form(mode_items(loop, model)) == cold[id(loop.node)]
    return sum(len(items) for items in cold.values())


@pytest.mark.parametrize("name,text", _sources(), ids=[name for name, _ in _sources()])
def test_kept_answers_change_no_walk(name: str, text: str) -> None:
    _walks(text)


def test_the_cases_reach_the_kept_answers() -> None:
    """The cases ask what the walk keeps (not vacuous): `_free_in` from two loops binding the
    helper's free name differently, `_local_alias`, a test's names."""
    text = textwrap.dedent(CASES["one_helper_two_bindings"])
    assert _walks(text) > 0
    model = build_model(Source.from_bytes(text.encode(), "case.py"), None)
    by_line = {loop.node.lineno: mode_items(loop, model) for loop in model.loops}
    answers = model.__dict__["_function_answers"]
    assert {name for (_, _, name) in answers} == {"model", "m"}
    top = next(items for line, items in by_line.items() if line > 25)  # the module-level loop
    inside_fit = next(items for line, items in by_line.items() if line < 25)  # `fit`'s `while`
    # the module's `model` switched by `evaluate()` at the top level; inside `fit` the parameter
    # shadows it: only some module switched (UNSURE), not fit's `model`
    assert any(i.kind is ModeKind.EVAL and i.keys == ("model",) and i.via for i in top)
    assert not any(i.kind is ModeKind.EVAL and i.keys == ("model",) and len(i.via) == 1 and "evaluate" in source_of(text, i) for i in inside_fit)
    assert any(i.kind is ModeKind.UNSURE and i.keys == ("model",) and i.via for i in inside_fit)
    # `m = net` in `score`: the module each call hands in
    assert any(i.kind is ModeKind.EVAL and i.keys == ("ema",) for i in top)
    assert any(i.kind is ModeKind.EVAL and i.keys == ("model",) and "score" in source_of(text, i) for i in inside_fit)
    method = build_model(Source.from_bytes(textwrap.dedent(CASES["method_alias_and_tests"]).encode(), "case.py"), None)
    for loop in method.loops:
        mode_items(loop, method)
    assert method.__dict__["_mode_tests"]  # the `if full or self.net.training:` test, read once
    assert _walks(textwrap.dedent(CASES["method_alias_and_tests"])) > 0


def source_of(text: str, item) -> str:  # type: ignore[no-untyped-def]
    """The source line of the item's first call on the way (the loop's own call of the helper)."""
    return text.splitlines()[item.via[0].lineno - 1]


def test_called_names_gives_each_caller_its_own_set() -> None:
    text = "for x in loader:\n    loss = train_step(model, x)\n    evaluate(model)\n"
    first = called_names(text)
    assert first == {"train_step", "evaluate"}
    first.add("changed")
    first.discard("evaluate")
    assert called_names(text) == {"train_step", "evaluate"}
    assert called_names(text + "log(x)\n") == {"train_step", "evaluate", "log"}
