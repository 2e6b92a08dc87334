"""`ast.walk`, faster: the same nodes in the same order (breadth first, each node's fields in
`_fields` order), without a generator per node. The analysis walks trees a lot."""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Iterator

_AST = ast.AST
_FIELDS: dict[type, tuple[str, ...]] = {}


def ast_walk(node: ast.AST) -> Iterator[ast.AST]:
    todo = deque((node,))
    pop, push = todo.popleft, todo.append
    fields_of = _FIELDS
    while todo:
        node = pop()
        kind = node.__class__
        fields = fields_of.get(kind)
        if fields is None:
            fields = fields_of[kind] = kind._fields
        for name in fields:
            value = getattr(node, name, None)
            if value.__class__ is list:
                for item in value:
                    if isinstance(item, _AST):
                        push(item)
            elif isinstance(value, _AST):
                push(value)
        yield node
