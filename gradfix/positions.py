"""Line and column of nodes, computed only for files that have findings.

LibCST's PositionProvider through a MetadataWrapper also runs a full visitor pass for the
metadata machinery; the positions themselves come from one code-generation pass, which is
all we run here (same numbers: the same codegen state class records them).
"""

from __future__ import annotations

from typing import Iterable

import libcst as cst
from libcst._position import CodeRange
from libcst.metadata.position_provider import PositionProvidingCodegenState

Span = tuple[tuple[int, int], tuple[int, int]]


class _Ranges:
    """Stands in for the metadata provider the codegen state writes into."""

    def __init__(self) -> None:
        self._computed: dict[cst.CSTNode, CodeRange] = {}


class _FastState(PositionProvidingCodegenState):
    def _update_position(self, value: str) -> None:
        if "\n" not in value and "\r" not in value:
            self.column += len(value)  # the common case, without a regex split
        else:
            super()._update_position(value)


def positions_of(module: cst.Module, nodes: Iterable[cst.CSTNode]) -> dict[int, Span]:
    """1-based (line, column) start and end of each node, keyed by id(node)."""
    wanted = {id(node): node for node in nodes}
    if not wanted:
        return {}
    ranges = _Ranges()
    state = _FastState(default_indent=module.default_indent, default_newline=module.default_newline, provider=ranges)  # type: ignore[arg-type]
    module._codegen(state)
    spans: dict[int, Span] = {}
    for key, node in wanted.items():
        code_range = ranges._computed.get(node)
        if code_range is None:
            spans[key] = ((1, 1), (1, 1))
        else:
            spans[key] = (
                (code_range.start.line, code_range.start.column + 1),
                (code_range.end.line, code_range.end.column + 1),
            )
    return spans
