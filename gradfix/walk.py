"""`ast.walk`, faster: the same nodes in the same order (breadth first, each node's fields in
`_fields` order), without a generator per node, and without the expression contexts and
operators (`Load`, `Store`, `Add`, `Eq`: a third of a module's nodes, which the analysis never
asks for; it reads them as `node.ctx` and `node.op`). The analysis walks trees a lot."""

from __future__ import annotations

from gradfix import syntax as ast
from collections import deque
from collections.abc import Callable, Iterator

_AST = ast.AST
_FIELDS: dict[type, tuple[str, ...]] = {}
_NODE_FIELDS: dict[type, tuple[str, ...]] = {}  # the fields that may hold the nodes the walks keep
# fields that hold no node (names, numbers, flags) or only a context or an operator
_NOT_NODES = frozenset({
    "ctx", "op", "ops", "id", "attr", "arg", "name", "module", "level", "kind", "type_comment", "is_async",
    "conversion", "simple", "tag",
})  # fmt: skip


def _node_fields(kind: type) -> tuple[str, ...]:
    """The fields of a node class that may hold the nodes the walks keep."""
    fields = _NODE_FIELDS[kind] = tuple(
        name for name in kind._fields  # type: ignore[attr-defined]
        if name not in _NOT_NODES or (name == "name" and kind.__name__ == "TypeAlias")  # (3.12: a Name)
        if not (kind is ast.Constant and name == "value")
    )
    return fields


# The node classes with a list field that may hold something else than a node: `None` (a
# `**d` in a dict's keys, a keyword-only parameter without a default) or a name (`global a`,
# `nonlocal a`, a class pattern's keyword attributes). Every other class's list fields hold
# nodes only, and the walks add them whole (`list.extend`), not item by item.
MIXED_KINDS = frozenset(
    kind for kind in (ast.Dict, ast.arguments, ast.Global, ast.Nonlocal, getattr(ast, "MatchClass", None)) if kind is not None
)  # (`MatchClass` from Python 3.10 on)
_WHOLE_FIELDS: dict[type, tuple[str, ...]] = {}  # `_node_fields` of the classes not in `MIXED_KINDS`
_WHOLE_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}  # `child_nodes`'s fields (`_fields`) of those classes


def _whole_fields(kind: type) -> tuple[str, ...] | None:
    """`_node_fields(kind)`, kept for a class whose list fields hold nodes only; None for one
    of `MIXED_KINDS` (its fields are read item by item, by `_push_each`)."""
    if kind in MIXED_KINDS:
        return None
    fields = _WHOLE_FIELDS[kind] = _node_fields(kind)
    return fields


def _push_each(node: ast.AST, push: Callable[[ast.AST], object], fields: tuple[str, ...] | None = None) -> None:
    """The nodes right under `node` in `fields` (the walks' own, `_node_fields`, by default),
    pushed one by one in field order: what a list may hold is tested item by item."""
    if fields is None:
        kind = node.__class__
        fields = _NODE_FIELDS.get(kind) or _node_fields(kind)
    for name in fields:
        value = getattr(node, name, None)
        if value.__class__ is list:
            for item in value:
                if isinstance(item, _AST):
                    push(item)
        elif isinstance(value, _AST):
            push(value)


def ast_walk(node: ast.AST) -> Iterator[ast.AST]:
    todo = deque((node,))
    pop, push, push_all = todo.popleft, todo.append, todo.extend
    fields_of = _WHOLE_FIELDS
    while todo:
        node = pop()
        fields = fields_of.get(node.__class__)
        if fields is None:
            fields = _whole_fields(node.__class__)
        if fields is None:
            _push_each(node, push)
        else:
            for name in fields:
                value = getattr(node, name, None)
                if value.__class__ is list:
                    if value:
                        push_all(value)  # (nodes only: added whole)
                elif isinstance(value, _AST):
                    push(value)
        yield node


def ast_nodes(node: ast.AST) -> list[ast.AST]:
    """`list(ast_walk(node))`, built without a generator: a whole module's nodes, once per file."""
    nodes = [node]
    push, push_all = nodes.append, nodes.extend
    fields_of = _WHOLE_FIELDS
    for node in nodes:  # (the list grows as it is read: breadth first, as `ast_walk`)
        fields = fields_of.get(node.__class__)
        if fields is None:
            fields = _whole_fields(node.__class__)
            if fields is None:
                _push_each(node, push)
                continue
        for name in fields:
            value = getattr(node, name, None)
            if value.__class__ is list:
                if value:
                    push_all(value)  # (nodes only: added whole)
            elif isinstance(value, _AST):
                push(value)
    return nodes


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_UNASKED = (ast.expr_context, ast.operator, ast.boolop, ast.unaryop, ast.cmpop)  # what the walks leave out


def child_nodes(node: ast.AST) -> list[ast.AST]:
    """`list(ast.iter_child_nodes(node))`, without its two generators."""
    children: list[ast.AST] = []
    kind = node.__class__
    fields = _WHOLE_CHILD_FIELDS.get(kind)
    if fields is None:
        fields = _FIELDS.get(kind)
        if fields is None:
            fields = _FIELDS[kind] = kind._fields
        if kind in MIXED_KINDS:
            _push_each(node, children.append, fields)
            return children
        _WHOLE_CHILD_FIELDS[kind] = fields
    for name in fields:
        value = getattr(node, name, None)
        if value.__class__ is list:
            children += value  # (nodes only: added whole)
        elif isinstance(value, _AST):
            children.append(value)
    return children


# The fields that hold statements (`body`, `orelse`, `finalbody`) or the arms whose bodies do
# (`handlers`, `cases`): no statement is anywhere else (an expression holds none; a lambda's
# or an `a if t else b`'s `body` is an expression, not a list).
_BLOCK_FIELDS = frozenset({"body", "orelse", "finalbody", "handlers", "cases"})
_STATEMENT_FIELDS: dict[type, tuple[str, ...]] = {}


def child_statements(node: ast.AST) -> list[ast.AST]:
    """The statements right under `node`, and its `except` and `case` arms, in `child_nodes`
    order: `[c for c in child_nodes(node) if isinstance(c, (ast.stmt, ast.excepthandler,
    ast.match_case))]`, reading only the fields that can hold them. A walk looking for
    statements (assignments, definitions) goes down these, not into every expression."""
    kind = node.__class__
    fields = _STATEMENT_FIELDS.get(kind)
    if fields is None:
        fields = _STATEMENT_FIELDS[kind] = tuple(name for name in kind._fields if name in _BLOCK_FIELDS)  # type: ignore[attr-defined]
    children: list[ast.AST] = []
    for name in fields:
        value = getattr(node, name, None)
        if value.__class__ is list:
            children += value
    return children


def own_nodes(function: ast.AST) -> Iterator[ast.AST]:
    """Nodes of a function body, not those of the functions, lambdas or classes nested in it
    (nor the contexts and operators, as `ast_walk`)."""
    stack = [child for child in child_nodes(function) if not isinstance(child, _UNASKED)]
    pop, push, push_all = stack.pop, stack.append, stack.extend
    fields_of = _WHOLE_FIELDS
    while stack:
        node = pop()
        if isinstance(node, _SCOPES):
            continue
        yield node
        fields = fields_of.get(node.__class__)
        if fields is None:
            fields = _whole_fields(node.__class__)
            if fields is None:
                _push_each(node, push)
                continue
        for name in fields:  # (its children pushed in field order, as `ast.iter_child_nodes` gives them)
            value = getattr(node, name, None)
            if value.__class__ is list:
                if value:
                    push_all(value)  # (nodes only: added whole)
            elif isinstance(value, _AST):
                push(value)


_LOOP_NODES = (ast.For, ast.AsyncFor, ast.While)
_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def leaves(stmt: ast.AST, raises: bool = False) -> bool:
    """The statement may leave the block it sits in: a `continue`, `break` or `return` of its
    own (with `raises`, a `raise` too); a loop inside it keeps its `break`s and `continue`s,
    not its `return`s; nested definitions are theirs."""
    todo: list[ast.AST] = [stmt]
    exits: tuple[type, ...] = (ast.Return, ast.Raise) if raises else (ast.Return,)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Continue, ast.Break, *exits)):
            return True
        if isinstance(node, _DEFINITIONS):
            continue
        if isinstance(node, _LOOP_NODES):
            if any(isinstance(inner, exits) for inner in ast_walk(node)):
                return True
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))
    return False


def statement_blocks(tree: ast.AST, arms: bool = False) -> Iterator[list[ast.stmt]]:
    """Every statement list of `tree` (each node's `body`, `orelse` and `finalbody`; with `arms`,
    each `match` arm's `body` too), the nodes taken from a walk made first: a caller may
    replace statements of the lists it is handed (`gradfix.match_arms`, `gradfix.phase_loops`)."""
    for node in list(ast_walk(tree)):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if block.__class__ is list:
                yield block  # type: ignore[misc]
        if arms:
            for case in getattr(node, "cases", ()) or ():
                yield case.body  # (a `match` nested in an arm of a `match` left as written)
