"""Line and column of nodes, computed only for files that have findings (it is costly)."""

from __future__ import annotations

from typing import Iterable

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

Span = tuple[tuple[int, int], tuple[int, int]]


def positions_of(module: cst.Module, nodes: Iterable[cst.CSTNode]) -> dict[int, Span]:
    """1-based (line, column) start and end of each node, keyed by id(node)."""
    wanted = {id(node): node for node in nodes}
    if not wanted:
        return {}
    # unsafe_skip_copy keeps node identity, so the nodes the rules point at are found as-is
    ranges = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    spans: dict[int, Span] = {}
    for key, node in wanted.items():
        code_range = ranges.get(node)
        if code_range is None:
            spans[key] = ((1, 1), (1, 1))
        else:
            spans[key] = (
                (code_range.start.line, code_range.start.column + 1),
                (code_range.end.line, code_range.end.column + 1),
            )
    return spans
