"""`path:line:col: GF001 [*] message`: the line an IDE or a terminal can jump to."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gradfix.runner import Diagnostic


def location(d: Diagnostic) -> str:
    """`path`, or `nb.ipynb:cell_3` for a notebook cell."""
    return d.path if d.cell is None else f"{d.path}:cell_{d.cell}"


def format_diagnostic(d: Diagnostic) -> str:
    marker = "[*] " if d.fixable else ""
    return f"{location(d)}:{d.line}:{d.column}: {d.code} {marker}{d.message}"
