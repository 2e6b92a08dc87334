"""Answers kept so that they are computed once (a speed-up, issue 14) are the answers a fresh
computation gives: for every node of gradfix's own modules, and whatever was asked before."""

from __future__ import annotations

import ast
import re
import weakref
from pathlib import Path

from gradfix.analysis import facts, names
from gradfix.analysis.loops import _Context
from gradfix.walk import ast_nodes, ast_walk, child_nodes, child_statements

OWN = sorted((Path(__file__).resolve().parent.parent / "gradfix").rglob("*.py"))


def _fresh_calls_and_grads(node: ast.AST) -> tuple[list[ast.Call], list[ast.Attribute]]:
    calls: list[ast.Call] = []
    grads: list[ast.Attribute] = []
    names._visit_calls_and_grads(node, calls, grads)
    return calls, grads


def test_kept_walks_are_fresh_walks() -> None:
    checked = 0
    for path in OWN:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast_walk(tree):
            if not isinstance(node, (ast.stmt, ast.expr)):
                continue
            for _ in range(2):  # the first answer is computed, the second is the kept one
                calls, grads = names.calls_and_grads(node)
                fresh_calls, fresh_grads = _fresh_calls_and_grads(node)
                assert [id(c) for c in calls] == [id(c) for c in fresh_calls]
                assert [id(g) for g in grads] == [id(g) for g in fresh_grads]
                walked = names.walk_expression(node)
                assert [id(n) for n in walked] == [id(n) for n in names._walk_expression(node, names._SKIPPED_TYPES)]
            checked += 1
        names.forget_nodes()
    assert checked > 10_000


_MATCH_AND_TRY = """
def f(x, y=lambda: 0):
    if x:
        a = 1
    elif y:
        a = 2
    else:
        a = 3
    try:
        b = x
    except ValueError as e:
        b = 0
    else:
        b += 1
    finally:
        c = b
    match x:
        case [1, *rest] if rest:
            d = rest
        case _:
            d = None
    for i in range(3):
        e = i
    else:
        e = -1
    g = (lambda: x) if x else None
"""


def test_child_statements_are_the_statement_and_arm_children() -> None:
    holders = (ast.stmt, ast.excepthandler, ast.match_case)
    checked = 0
    for tree in [ast.parse(_MATCH_AND_TRY), *(ast.parse(path.read_text(encoding="utf-8")) for path in OWN)]:
        for node in ast.walk(tree):
            expected = [child for child in child_nodes(node) if isinstance(child, holders)]
            assert [id(c) for c in child_statements(node)] == [id(c) for c in expected]
            checked += bool(expected)
    assert checked > 1_000


def test_the_statements_and_their_types_are_those_of_every_node() -> None:
    from gradfix.source import Source

    checked = 0
    for text in [_MATCH_AND_TRY, *(path.read_text(encoding="utf-8") for path in OWN)]:
        source = Source.from_bytes(text.encode("utf-8"), "<test>")
        every = source.nodes
        assert [id(n) for n in source.statements] == [id(n) for n in every if isinstance(n, ast.stmt)]
        for kind in {n.__class__ for n in source.statements}:
            assert [id(n) for n in source.of_type(kind)] == [id(n) for n in every if n.__class__ is kind]
            checked += 1
    assert checked > 1_000


def test_a_root_name_kept_per_key_is_the_match() -> None:
    names.forget_nodes()
    for key in ("self.opt", 'opts["g"]', "model[*]", "x", "_a1.b", "[*]", "", "λ.x", "aλ.x", "1x.y"):
        for _ in range(2):  # asked again: the kept answer
            match = re.match(r"[A-Za-z_][A-Za-z_0-9]*", key)
            assert names.root_name(key) == (match.group(0) if match else key)
    names.forget_nodes()
    assert not names._ROOTS


def test_a_kept_answer_keeps_its_node_so_that_no_other_node_gets_its_id() -> None:
    node = ast.parse("f(x)", mode="eval").body
    assert [c.func.id for c in names.calls_and_grads(node)[0]] == ["f"]
    kept = weakref.ref(node)
    del node
    assert kept() is not None  # its id is not free while the answer is kept
    names.forget_nodes()
    assert kept() is None
    for text in ("g(y)", "h(z)", "k(w)"):  # new nodes may reuse the freed id
        node = ast.parse(text, mode="eval").body
        assert [c.func.id for c in names.calls_and_grads(node)[0]] == [text[0]]
        assert names.walk_expression(node)[0] is node


def test_skip_scopes_false_is_not_the_kept_answer() -> None:
    node = ast.parse("f(lambda: g())", mode="eval").body
    with_lambda = names.walk_expression(node, skip_scopes=False)
    without = names.walk_expression(node)
    assert any(isinstance(n, ast.Lambda) for n in with_lambda)
    assert not any(isinstance(n, ast.Lambda) for n in without)


def test_classify_constructor_kept_answers_are_fresh_answers() -> None:
    asked = [
        "torch.optim.SGD", "torch.optim.AdamW", "torch.optim.lr_scheduler.StepLR", "AdamWScheduleFree",
        "timm.optim.create_optimizer_v2", "build_optimizer", "torch.cuda.amp.GradScaler", "Accelerator",
        "OneCycleLR", "CosineLRScheduler", "MyOptimizer", "LionW", "nn.Linear", "dict", "", None,
    ]  # fmt: skip
    for path in OWN[:20]:  # and every dotted name written in some of gradfix's modules
        tree = ast.parse(path.read_text(encoding="utf-8"))
        asked += [names.dotted(n) for n in ast_walk(tree) if isinstance(n, ast.Attribute)]
    for name in asked * 2:
        expected = facts._classify_constructor(name) if name else None
        assert facts.classify_constructor(name) == expected


def test_entering_a_statement_is_replace() -> None:
    stmt = ast.parse("x = 1").body[0]
    suite: list[ast.stmt] = [stmt]
    ctx = _Context(class_name="C", mapping=(("a", "b"),), via=(ast.parse("f()", mode="eval").body,))  # type: ignore[arg-type]
    entered = ctx.entered(stmt, suite)
    assert entered == ctx.replace(path=ctx.path + (stmt,), blocks=ctx.blocks + (suite,))
    assert type(entered) is _Context and entered.class_name == "C" and entered.path == (stmt,)


def test_renaming_a_key_is_substitute_root_through_the_mapping_as_a_dict() -> None:
    """`_Context.rename` scans its pairs instead of building a dict per call: the same key for
    any mapping, a name given twice included (the last pair wins, as in `dict(pairs)`)."""
    import random

    rng = random.Random(3)
    names_ = ["model", "opt", "self", "o", "optimizer", "x_1", "_"]
    tails = ["", ".step", "[0]", '["g"]', ".param_groups[0]", "[*]"]
    for _ in range(5_000):
        pairs = tuple((rng.choice(names_), rng.choice(names_) + rng.choice(tails)) for _ in range(rng.randint(0, 4)))
        key = rng.choice([*names_, "1", "(a)", ""]) + rng.choice(tails)
        expected = names.substitute_root(key, dict(pairs)) if pairs else key
        assert _Context(mapping=pairs).rename(key) == expected, (pairs, key)


def test_line_starts_are_where_python_starts_lines() -> None:
    from gradfix.source import _line_starts

    for text in ("", "x", "\n", "a\nb", "a\nb\n", "\n\n", "a\r\nb\rc\nd", "a\r\n", "\r", "é\nü\n\n"):
        expected = [0] + [m.end() for m in re.finditer(r"\r\n|\r|\n", text)]
        assert _line_starts(text) == expected, text
    for path in OWN:
        text = path.read_text(encoding="utf-8")
        assert _line_starts(text) == [0] + [m.end() for m in re.finditer(r"\r\n|\r|\n", text)]


def test_owned_events_are_found_once_and_each_caller_gets_its_own_list() -> None:
    """`owned_events` keeps its answer per loop on the model: the same events as the direct
    filter, in the same order, for every loop (nested ones too), and a new list each time."""
    from gradfix.analysis.loops import build_model
    from gradfix.source import Source
    from gradfix.transforms._common import owned_events, training_loop_ids

    text = (
        "import torch\n"
        "opt = torch.optim.SGD(model.parameters(), lr=0.1)\n"
        "for epoch in range(3):\n"
        "    opt.zero_grad()\n"
        "    for batch in loader:\n"
        "        loss = model(batch).mean()\n"
        "        loss.backward()\n"
        "        opt.step()\n"
        "    model(x).sum().backward()\n"
        "    opt.step()\n"
    )
    model = build_model(Source(text, ast.parse(text)))
    assert len(model.loops) == 2
    training = training_loop_ids(model)
    for loop in model.loops:
        expected = [e for e in loop.events if loop.owns(e, training)]
        first, second = owned_events(loop, model), owned_events(loop, model)
        assert first == expected and second == expected and first is not second
        first.clear()  # a caller's list is its own
        assert owned_events(loop, model) == expected
    outer = min(model.loops, key=lambda lp: lp.node.lineno)
    assert len(owned_events(outer, model)) < len(outer.events)  # the inner loop's events are its own


def test_a_function_is_named_by_a_whole_identifier_only() -> None:
    """Which loops may run a backward pass, and which functions backpropagate through others,
    look for each such function's name in the text as a whole identifier: the ways a loop can
    reach it (`f(...)`, `self.f(...)`, `obj.f`) write it so; a longer identifier does not."""
    from gradfix.analysis.loops import _names

    for text in ("log(x)", "self.log(x)", "y = log", "(log)", "a.log\n", "x=1;log()", "é + log"):
        assert _names(text, "log"), text
    for text in ("logger.info(x)", "self.logits", "catalog()", "_log(x)", "log_2", "blog", "élog", "logé", ""):
        assert not _names(text, "log"), text
    assert _names("logger; log()", "log")  # a later occurrence counts


def _loops(source: str) -> list[int]:
    import textwrap

    from gradfix.analysis.loops import build_model
    from gradfix.source import Source

    model = build_model(Source.from_bytes(textwrap.dedent(source).encode(), "case.py"), None)
    return sorted(loop.node.lineno for loop in model.loops)  # type: ignore[attr-defined]


def test_a_loop_calling_a_backpropagating_function_by_name_is_still_a_training_loop() -> None:
    source = """
        class Runner:
            def log(self, loss):
                loss.backward()

            def run(self, loader, optimizer):
                for batch in loader:  # line 7: calls it as a method
                    optimizer.zero_grad()
                    self.log(model(batch))
                    optimizer.step()
                for batch in loader:  # line 11: names only a longer identifier
                    logger.info(batch)


        def backprop(loss):
            loss.backward()


        def helper(loss):
            backprop(loss)


        def train(loader, optimizer):
            for batch in loader:  # line 24: through a function that calls it
                optimizer.zero_grad()
                helper(model(batch))
                optimizer.step()
            for batch in loader:  # line 28: names only longer identifiers
                backprop_stats(helper_kwargs)
    """
    assert _loops(source) == [7, 24]


_MIXED_LISTS = """
def f(*, a, b=1, **kw):
    global g
    def h():
        nonlocal a
        return {**kw, "k": a < b <= 3}
    match a:
        case Point(x=0, y=[1, *rest]) if rest:
            return {"m": rest, **{}}
        case {"k": v, **others}:
            return v
"""


def test_the_walks_are_ast_walk_without_contexts_and_operators() -> None:
    # `ast_nodes` and `ast_walk` add a list field whole unless it may hold a non-node (`None`
    # in a dict's keys or a keyword-only parameter's defaults, the names of `global`, ...)
    unasked = (ast.expr_context, ast.operator, ast.boolop, ast.unaryop, ast.cmpop)
    checked = 0
    for tree in [ast.parse(_MIXED_LISTS), *(ast.parse(path.read_text(encoding="utf-8")) for path in OWN)]:
        expected = [id(n) for n in ast.walk(tree) if not isinstance(n, unasked)]
        assert [id(n) for n in ast_nodes(tree)] == expected
        assert [id(n) for n in ast_walk(tree)] == expected
        checked += len(expected)
    assert checked > 100_000


def test_child_nodes_are_iter_child_nodes() -> None:
    checked = 0
    for tree in [ast.parse(_MIXED_LISTS), *(ast.parse(path.read_text(encoding="utf-8")) for path in OWN[:40])]:
        for node in ast.walk(tree):
            assert [id(n) for n in child_nodes(node)] == [id(n) for n in ast.iter_child_nodes(node)]
            checked += 1
    assert checked > 10_000


def test_calls_and_grads_order_through_every_kind_of_field() -> None:
    # `_visit_calls_and_grads` reads a node's fields itself (not `_children`'s list) and skips
    # operators, contexts and fields that hold no node: the order must stay `_children`'s (an
    # `a if t else b` body first, a dict's keys and values interleaved, `**d` keys skipped),
    # calls innermost first, `.grad` attributes outermost first, lambdas not entered
    text = (
        "s(a.grad.grad) + (b(c()) if t(u) else e(**{k(): v(), **w(), 'z': x.grad})) "
        "< m(-n(), not o(), *p(), key=q(f'{r()}'), fn=lambda: hidden())"
    )
    node = ast.parse(text, mode="eval").body
    calls, grads = names._calls_and_grads(node)
    assert [c.func.id for c in calls] == ["s", "c", "b", "t", "k", "v", "w", "e", "n", "o", "p", "r", "q", "m"]
    assert [ast.unparse(g) for g in grads] == ["a.grad.grad", "a.grad", "x.grad"]
