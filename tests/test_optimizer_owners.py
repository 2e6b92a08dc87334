"""`optimizer_owners` follows a name through its assignments without walking the function
again for each: timm's `main` rebinds `model` about ten times (`model = model.to(device)`,
`model = DDP(model)`, `model = torch.compile(model)` ...) and each value reads `model`
again, so the walks grew as ten to the depth (17 s for GF014 on timm's train.py)."""

from __future__ import annotations

from gradfix import syntax as ast
from gradfix.analysis import shared_graphs
from gradfix.analysis.shared_graphs import optimizer_owners
from gradfix.source import Source

REBINDS = 12

SCRIPT = (
    "import torch\n"
    "def main(args):\n"
    "    model = build(args)\n"
    + "".join(f"    model = wrap{i}(model)\n" for i in range(REBINDS))
    + "    optimizer = make_optimizer(model, lr=args.lr)\n"
    "    return optimizer\n"
)


def _params(source: Source) -> ast.expr:
    for node in ast.walk(source.tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "make_optimizer":
            return node.args[0]
    raise AssertionError("no optimizer call")


def test_each_scope_is_walked_once(monkeypatch):
    walks: list[int] = []
    walk = shared_graphs._assignments_in

    def counted(scope):  # type: ignore[no-untyped-def]
        walks.append(id(scope))
        return walk(scope)

    monkeypatch.setattr(shared_graphs, "_assignments_in", counted)
    source = Source.from_bytes(SCRIPT.encode(), "train.py")
    # `model` read directly: no `.parameters()` call names an owner, so none is found...
    assert optimizer_owners(_params(source), source) == set()
    # ...after one walk of `main` (and one of the module, for the callees `main` does not
    # assign), not one per name asked about or per value that reads `model`
    assert len(walks) == len(set(walks)) == 2


def test_values_of_a_name():
    source = Source.from_bytes(b"a = b = 1\nb += 2\ndef f():\n    a = 3\n    def g():\n        b = 4\n", "m.py")
    f = source.tree.body[2]
    assert [v.value for v in shared_graphs._assigned("a", f, source)] == [3]  # type: ignore[attr-defined]
    assert sorted(v.value for v in shared_graphs._assigned("b", f, source)) == [1, 2]  # type: ignore[attr-defined]
    assert [v.value for v in shared_graphs._assigned("a", source.tree, source)] == [1]  # type: ignore[attr-defined]
    assert shared_graphs._assigned("c", f, source) == []


def test_each_value_is_read_once_at_each_depth(monkeypatch):
    reads: list[int] = []
    owners = shared_graphs.optimizer_owners

    def counted(params, source, depth=0, done=None):  # type: ignore[no-untyped-def]
        reads.append(depth)
        return owners(params, source, depth, done)

    monkeypatch.setattr(shared_graphs, "optimizer_owners", counted)
    source = Source.from_bytes(SCRIPT.encode(), "train.py")
    counted(_params(source), source)
    # the 13 values of `model` at each of depths 1-3, asked once each and then remembered
    # (every value is asked about from each of the 13), and the depth-4 calls that stop at once
    assert reads.count(1) == REBINDS + 1
    assert len(reads) < 4 * (REBINDS + 1) ** 2


def test_owners_through_a_chain_of_names_are_unchanged():
    script = (
        "import torch\n"
        "def main():\n"
        "    gen = Gen()\n"
        "    params = list(gen.parameters())\n"
        "    params = params + list(head.parameters())\n"
        "    groups = [{'params': params, 'lr': 1e-3}]\n"
        "    groups = groups\n"
        "    opt = torch.optim.Adam(groups)\n"
    )
    source = Source.from_bytes(script.encode(), "gan.py")
    call = next(
        n for n in ast.walk(source.tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "Adam"
    )  # fmt: skip
    assert optimizer_owners(call.args[0], source) == {"gen", "head"}
