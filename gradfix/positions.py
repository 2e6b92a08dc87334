"""Line and column of nodes: 1-based lines, 1-based columns counted in characters."""

from __future__ import annotations

from gradfix import syntax as ast

from gradfix.source import Source

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterable

Span = tuple[tuple[int, int], tuple[int, int]]


def positions_of(source: Source, nodes: Iterable[ast.AST]) -> dict[int, Span]:
    """Start and end of each node, keyed by id(node)."""
    spans: dict[int, Span] = {}
    for node in nodes:
        if id(node) not in spans:
            spans[id(node)] = source.span(node)
    return spans
