"""`--format github`: GitHub Actions workflow commands, one annotation per finding.

    ::error file=train.py,line=12,col=9,endLine=12,endColumn=25,title=GF001 (missing-zero-grad)::GF001 ...
"""

from __future__ import annotations

from typing import Sequence

from gradfix.runner import Diagnostic


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(d: Diagnostic) -> str:
    from gradfix.catalog import NAMES

    rule_name = NAMES.get(d.code)
    title = f"{d.code} ({rule_name})" if rule_name is not None else d.code
    fixable = " [*]" if d.fixable else ""
    if d.cell is not None:
        # lines within a cell do not match lines of the .ipynb file: name the cell instead
        props = f"file={_property(d.path)},title={_property(title)}"
        text = f"cell_{d.cell}:{d.line}:{d.column}: {d.code}{fixable} {d.message}"
    else:
        props = (
            f"file={_property(d.path)},line={d.line},col={d.column},"
            f"endLine={d.end_line},endColumn={d.end_column},title={_property(title)}"
        )
        text = f"{d.code}{fixable} {d.message}"
    return f"::error {props}::{_data(text)}"


def render_github(diagnostics: Sequence[Diagnostic]) -> str:
    return "".join(annotation(d) + "\n" for d in diagnostics)
