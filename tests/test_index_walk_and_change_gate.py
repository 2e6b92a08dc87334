"""Speed round thirty-one: two exact cuts, each checked against the code it replaces.

1. `Assignments._walk_in` (the index's walk without the no-op `setdefault`, the `_record` call
   of statements that bind nothing, `blocks_of` of simple statements; names of a plain `=`
   bound in the walk) builds the same index as the walk it replaced, kept here as the oracle.
2. GF021's `_changes` passes over a statement naming no owner's first name (`_owner_roots`):
   the same changes, in the same order, as with the gate off, on every GF021 fixture and on
   cases written to reach the paths the gate must keep (an unfreezing read through the loop
   around the statement, `setattr`, a second name, an index, a non-ASCII module)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gradfix import syntax as ast
from gradfix.analysis import staleness
from gradfix.analysis.assignments import Assignments, Binding
from gradfix.analysis.loops import build_model
from gradfix.source import FUNCTION_KINDS, Source, blocks_of

FIXTURES = Path(__file__).parent / "before_after"
GF021 = sorted((FIXTURES / "GF021_optimizer_over_stale_parameters").glob("*.py"))


class _OldAssignments(Assignments):
    """The index as the walk before this round built it (one `_walk` for every block)."""

    def _walk(self, body: list[ast.stmt], scope: ast.AST, class_name: str | None) -> None:
        self.class_of_scope.setdefault(id(scope), class_name)
        for stmt in body:
            self.scope_of_statement[id(stmt)] = scope
            kind = stmt.__class__
            if kind in FUNCTION_KINDS:
                self.parent_scope[id(stmt)] = scope
                self.class_of_scope[id(stmt)] = class_name
                self._walk(stmt.body, stmt, class_name)  # type: ignore[attr-defined]
                continue
            if kind is ast.ClassDef:
                self.class_bases[stmt.name] = None if stmt.name in self.class_bases else list(stmt.bases)  # type: ignore[attr-defined]
                for own in stmt.body:  # type: ignore[attr-defined]
                    self.class_body[id(own)] = stmt.name  # type: ignore[attr-defined]
                self._walk(stmt.body, scope, stmt.name)  # type: ignore[attr-defined]
                continue
            self._record(stmt, scope, class_name)
            for block in blocks_of(stmt):
                self._walk(block, scope, class_name)


def _index(table: Assignments) -> tuple:
    def binding(b: Binding) -> tuple:
        return (b.key, id(b.value), id(b.statement), id(b.scope), b.class_name)

    return (
        [(key, [binding(b) for b in found]) for key, found in table.by_key.items()],
        list(table.scope_of_statement.items()),
        list(table.class_of_scope.items()),
        [(key, id(scope)) for key, scope in table.parent_scope.items()],
        list(table.class_body.items()),
        [(name, None if bases is None else [id(b) for b in bases]) for name, bases in table.class_bases.items()],
    )


WALKED = (
    "import torch\nx = y = 1\na, (b, *c) = f()\nself_like.attr = 2\nd[0] = 3\nn: int = 4\nm: int\nk += 1\n"
    "for i, j in pairs:\n    q = i\nelse:\n    r = 0\n"
    "with open(p) as fh, ctx() as (u, v):\n    w = fh\n"
    "try:\n    t = 1\nexcept E as err:\n    t = 2\nelse:\n    t = 3\nfinally:\n    t = 4\n"
    "while go:\n    go = step()\n"
    "match cmd:\n    case [first, *rest]:\n        z = first\n    case _:\n        z = None\n"
    "class Net(nn.Module):\n    size = 3\n    def __init__(self):\n        self.fc = nn.Linear(2, 2)\n"
    "        def inner():\n            local = 1\n            return local\n    class Inner:\n        deep = 1\n"
    "class Net:\n    pass\n"
    "async def run():\n    async for s in stream():\n        got = s\n    async with lock as held:\n        kept = held\n"
    "def outer(p):\n    if p:\n        g = 1\n    elif q:\n        g = 2\n    else:\n        g = 3\n    return g\n"
)


@pytest.mark.parametrize("walrus", [False, True])
def test_the_index_walk_builds_the_index_the_old_walk_built(walrus: bool) -> None:
    texts = [WALKED + ("if (counted := len(data)) > 2:\n    print([y := v for v in data])\n" if walrus else "")]
    if walrus:  # (once: the fixtures, the first of which say no `:=`)
        texts += [path.read_text(encoding="utf-8") for path in GF021]
    for number, text in enumerate(texts):
        source = Source.from_bytes(text.encode(), f"case{number}.py")
        new, old = Assignments(source), _OldAssignments(source)
        assert _index(new) == _index(old), number
    walked = Assignments(Source.from_bytes(texts[0].encode(), "case.py"))
    # the cases reach every kind of binding the walk records, and the walrus branch when asked
    assert {"x", "y", "a", "b", "c", "self_like.attr", "d[0]", "n", "k", "i", "j", "fh", "u", "v", "self.fc", "local", "deep", "got", "held"} <= set(walked.by_key)
    assert "m" not in walked.by_key  # (an annotation without a value binds nothing)
    assert ("counted" in walked.by_key) is walrus and ("y" in walked.by_key)


def _changes_both_ways(text: str, path: str = "case.py") -> tuple[list, list]:
    found: dict[bool, list] = {}
    real = staleness._owner_roots
    for gated in (True, False):
        model = build_model(Source.from_bytes(text.encode(), path), None)
        calls: list = []
        inner = staleness._changes

        def recording(*args, **kwargs):  # type: ignore[no-untyped-def]
            out = list(inner(*args, **kwargs))
            calls.append([(c.lineno, n.__class__.__name__, getattr(n, "lineno", None), getattr(n, "col_offset", None), m, k) for c, n, m, k in out])
            return iter(out)

        staleness._changes = recording  # type: ignore[assignment]
        if not gated:
            staleness._owner_roots = lambda owners: None  # type: ignore[assignment]
        try:
            stale = [(o.optimizer, o.module, o.kind, o.change.lineno) for o in staleness.stale_optimizers(model)]
        finally:
            staleness._changes = inner  # type: ignore[assignment]
            staleness._owner_roots = real  # type: ignore[assignment]
        found[gated] = [calls, stale]
    return found[True], found[False]


UNFROZEN = (
    "import torch\nimport torch.nn as nn\n\n\ndef main(loader):\n"
    "    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))\n"
    "    for p in model[0].parameters():\n        p.requires_grad = False\n"
    "    opt = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=0.1)\n"
    "    net = model\n"
    "    for p in model[0].parameters():\n        {unfreeze}\n"
    "    setattr(model, 'head', nn.Linear(8, 3))\n"
    "    for x, y in loader:\n        opt.zero_grad()\n        nn.functional.cross_entropy(model(x), y).backward()\n        opt.step()\n"
)


@pytest.mark.parametrize(
    "unfreeze", ["p.requires_grad = True", "p.requires_grad_(True)", "setattr(p, 'requires_grad', True)", "pass"]
)
def test_the_change_gate_finds_what_the_ungated_scan_finds(unfreeze: str) -> None:
    gated, ungated = _changes_both_ways(UNFROZEN.format(unfreeze=unfreeze))
    assert gated == ungated
    kinds = {kind for _, _, kind, _ in gated[1]}
    # the first change in the optimizer's own scope is the one reported: the unfreezing read
    # through the loop around it, else the head set by `setattr`
    assert kinds == ({"unfrozen"} if unfreeze != "pass" else {"replaced"}), gated[1]


def test_the_change_gate_is_off_in_a_module_that_is_not_ascii() -> None:
    text = UNFROZEN.format(unfreeze="p.requires_grad = True").replace("import torch\n", "import torch  # é\n", 1)
    gated, ungated = _changes_both_ways(text)
    assert gated == ungated and gated[1]
    assert staleness._owner_roots({"model", "self.net[0]"}) == ["model", "self"] or sorted(staleness._owner_roots({"model", "self.net[0]"})) == ["model", "self"]
    assert staleness._owner_roots({"model", "(a or b)"}) is None


def test_the_change_gate_finds_what_the_ungated_scan_finds_on_every_gf021_fixture() -> None:
    reported = 0
    for path in [path for path in GF021 if path.name.endswith(".before.py")]:
        gated, ungated = _changes_both_ways(path.read_text(encoding="utf-8"), path.name)
        assert gated == ungated, path.name
        reported += bool(gated[1])
    assert reported >= 30  # (the before fixtures report: the cases reach the changes)
