"""`path:line:col: GF001 [*] message`: the line an IDE or a terminal can jump to."""

from __future__ import annotations

from gradfix.runner import Diagnostic


def format_diagnostic(d: Diagnostic) -> str:
    marker = "[*] " if d.fixable else ""
    return f"{d.path}:{d.line}:{d.column}: {d.code} {marker}{d.message}"
