"""What a name of a `for` loop's tuple target holds, when the loop runs over rows the module
builds in plain sight: `for model, opt in members:` with `members = [build_member()]` (a
function of the module whose every `return` is a tuple of that length), a list or tuple of
tuple literals, or `zip(models, opts)` over lists of known objects.

Exact or nothing: every row the loop can see must be read, and each of them must give the
same kind of object at the name's position; a list that is appended to, extended, stored into,
rebound or handed to a call is not read (`None`).
"""

from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.model import ObjectInfo
from gradfix.analysis.names import call_name, positional
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from gradfix.analysis.loops import ModuleModel

_COMPREHENSIONS = (ast.ListComp, ast.GeneratorExp)


def loop_member_infos(name: str, loop: ast.AST, model: ModuleModel) -> list[ObjectInfo] | None:
    """The objects `name` holds on the passes of `loop` (`for model, opt in members:` and
    `opt`): one per row the loop can see (rows built by one call of a builder count once); None
    when any row is not read or its item is not an object the module's facts know."""
    if not isinstance(loop, (ast.For, ast.AsyncFor)) or not isinstance(loop.target, (ast.Tuple, ast.List)):
        return None
    targets = loop.target.elts
    if any(not isinstance(t, ast.Name) for t in targets):
        return None
    index = next((k for k, t in enumerate(targets) if t.id == name), None)  # type: ignore[attr-defined]
    if index is None or sum(t.id == name for t in targets) != 1:  # type: ignore[attr-defined]
        return None
    from gradfix.analysis.assignments import assignments

    table = assignments(model)
    scope = table.scope_of(loop)
    items = _column(loop.iter, len(targets), index, scope, table, model, 0)
    if not items:
        return None
    infos: list[ObjectInfo] = []
    for item, where in items:
        info = _object(item, where, table, model)
        if info is None:
            return None
        infos.append(info)
    return infos


def _column(iterable: ast.expr, width: int, index: int, scope: ast.AST, table, model: ModuleModel, depth: int):  # type: ignore[no-untyped-def]
    """(item, the scope it is read in) at `index` of every row `iterable` yields, or None."""
    if depth > 3:
        return None
    if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and iterable.func.id == "zip":
        if iterable.keywords or len(iterable.args) != width or any(isinstance(a, ast.Starred) for a in iterable.args):
            return None
        if model.facts.imports.qualify("zip") not in (None, "zip") or "zip" in model.facts.module_functions:
            return None
        return _rows(iterable.args[index], scope, table, model, depth + 1)
    rows = _rows(iterable, scope, table, model, depth + 1)
    if rows is None:
        return None
    found = []
    for row, where in rows:
        items = _row_items(row, where, width, model)
        if items is None:
            return None
        found.append((items[index][0], items[index][1]))
    return found


def _rows(iterable: ast.expr, scope: ast.AST, table, model: ModuleModel, depth: int):  # type: ignore[no-untyped-def]
    """(row, the scope it is read in) of a list or tuple the module builds in plain sight: a
    literal, `[build() for _ in range(n)]` (its one row) or a plain name bound only to such
    values in `scope` (or around it) and never changed; None otherwise."""
    if isinstance(iterable, (ast.List, ast.Tuple)):
        if not iterable.elts or any(isinstance(e, ast.Starred) for e in iterable.elts):
            return None
        return [(e, scope) for e in iterable.elts]
    if isinstance(iterable, _COMPREHENSIONS):
        generators = iterable.generators
        if len(generators) != 1 or generators[0].ifs or generators[0].is_async:
            return None
        bound = {n.id for n in ast_walk(generators[0].target) if isinstance(n, ast.Name)}
        elt = iterable.elt
        reads = lambda node: any(isinstance(n, ast.Name) and n.id in bound for n in ast_walk(node))  # noqa: E731
        if reads(elt) and not (isinstance(elt, ast.Call) and not reads(elt.func)):
            return None  # (a row whose items are the comprehension's variable: not read)
        return [(elt, scope)]  # (`opts = [SGD(m.parameters()) for m in models]`: built per row)
    if not isinstance(iterable, ast.Name) or depth > 3:
        return None
    bindings = table.bindings(iterable.id, scope)
    if not bindings or any(b.value is None for b in bindings):
        return None
    where = bindings[0].scope
    if any(b.scope is not where for b in bindings) or not _left_alone(iterable.id, where):
        return None
    found = []
    for binding in bindings:
        rows = _rows(binding.value, where, table, model, depth + 1)
        if rows is None:
            return None
        found += rows
    return found


def _left_alone(name: str, scope: ast.AST) -> bool:
    """The list `name` of `scope` is only read there: no method called on it, no item or slice
    stored or deleted, not handed to a call (which could fill it), not made global."""
    for node in ast_walk(scope):
        if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return False
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == name:
            return False
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == name and not isinstance(node.ctx, ast.Load):
            return False
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and node.target.id == name:
            return False
        if isinstance(node, ast.Call) and any(
            isinstance(a, ast.Name) and a.id == name for a in (*node.args, *(k.value for k in node.keywords))
        ) and not (isinstance(node.func, ast.Name) and node.func.id in ("len", "enumerate", "zip", "iter", "range", "print")):
            return False
    return True


def _row_items(row: ast.expr, scope: ast.AST, width: int, model: ModuleModel):  # type: ignore[no-untyped-def]
    """The items of a row of `width`: a tuple literal's (read in `scope`), or those every
    `return` of the module's function it calls hands back (read in that function); None."""
    if isinstance(row, (ast.Tuple, ast.List)):
        if len(row.elts) != width or any(isinstance(e, ast.Starred) for e in row.elts):
            return None
        return [(e, scope) for e in row.elts]
    if not (isinstance(row, ast.Call) and isinstance(row.func, ast.Name)):
        return None
    info = model.facts.module_functions.get(row.func.id)
    if info is None or info.class_name is not None or info.facts is not model.facts:
        return None
    function = info.node
    returns = []
    for node in ast_walk(function):
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            return None
        if isinstance(node, ast.Return):
            returns.append(node)
    # (a `return` of a nested function is that function's: none is allowed, to keep this exact)
    if not returns or any(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)) for n in ast_walk(function) if n is not function):
        return None
    items = None
    for node in returns:
        value = node.value
        if not isinstance(value, ast.Tuple) or len(value.elts) != width or any(isinstance(e, ast.Starred) for e in value.elts):
            return None
        if items is not None:
            return None  # (two returns: which object each position holds may differ)
        items = [(e, function) for e in value.elts]
    return items


def _object(item: ast.expr, scope: ast.AST, table, model: ModuleModel) -> ObjectInfo | None:  # type: ignore[no-untyped-def]
    """What the item is: a plain name `scope` binds once to an object the facts know there, or
    an object built right in the row (`torch.optim.SGD(m.parameters())`)."""
    facts = model.facts
    if isinstance(item, ast.Name):
        local = facts.local_objects.get(id(scope), {}) if not isinstance(scope, ast.Module) else facts.objects
        info = local.get(item.id)
        if info is None or not info.strong:
            return None
        if len(table.bindings(item.id, scope)) != 1 or table.bindings(item.id, scope)[0].scope is not scope:
            return None
        return info
    if isinstance(item, ast.Call):
        from gradfix.analysis.facts import classify_constructor

        name = facts.imports.qualify(call_name(item))
        kind = classify_constructor(name)
        if kind is None or not name or not name.startswith("torch."):
            return None
        args = positional(item)
        return ObjectInfo(name, kind, name, args[0] if args else None, strong=True)
    return None
