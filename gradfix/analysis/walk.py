"""A fast read-only traversal for LibCST visitors.

`node.visit(visitor)` runs LibCST's generic child-replacement machinery even when nothing
changes (~16x slower than reading the fields). gradfix's visitors only read, so they are
driven here: the same `visit_<Node>` / `leave_<Node>` dispatch, children in field order
(source order for the nodes we read), skipping the whitespace and punctuation fields no
visitor of ours looks at.
"""

from __future__ import annotations

import dataclasses
from typing import Iterator

import libcst as cst

_SKIPPED = (
    "whitespace", "lpar", "rpar", "comma", "semicolon", "leading_lines", "lines_after_decorators",
    "header", "footer", "newline", "dot", "equal", "colon", "indent", "trailing",
)  # fmt: skip
_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(cls) if not any(part in f.name for part in _SKIPPED))
        _FIELDS[cls] = names
    return names


_IS_NODE: dict[type, bool] = {}


def _is_node(cls: type) -> bool:
    known = _IS_NODE.get(cls)
    if known is None:
        known = _IS_NODE[cls] = issubclass(cls, cst.CSTNode)
    return known


def children(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    for name in _fields(type(node)):
        value = getattr(node, name)
        kind = type(value)
        if kind is list or kind is tuple:
            for item in value:
                if _is_node(type(item)):
                    yield item
        elif _is_node(kind):
            yield value


def fast_visit(node: cst.CSTNode, visitor: cst.CSTVisitor) -> None:
    """Drive a read-only CSTVisitor over `node` (same dispatch as `node.visit(visitor)`)."""
    if visitor.on_visit(node):
        for child in children(node):
            fast_visit(child, visitor)
    visitor.on_leave(node)
