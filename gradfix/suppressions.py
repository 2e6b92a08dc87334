"""`# gradfix: ignore[GF001]` and `# noqa: GF001` on a finding's line or its loop's header."""

from __future__ import annotations

import re

from gradfix.patterns import lazily
from gradfix.positions import Span
from gradfix.source import Source

_DIRECTIVE = lazily(
    r"#\s*(?:gradfix:\s*ignore(?P<gf>\[[^\]]*\])?|noqa(?::\s*(?P<noqa>[A-Za-z0-9_, ]+))?)(?=$|\s|#)", re.I
)
_CODE = lazily(r"[A-Za-z]+[0-9]+")
_LINES = lazily(r"\r\n|\r|\n")
ALL = None


def directives(source: str) -> dict[int, set[str] | None]:
    """Line number -> suppressed codes (None: every code) for lines that carry a directive."""
    found: dict[int, set[str] | None] = {}
    if "#" not in source:
        return found
    for number, line in enumerate(_LINES.split(source), start=1):
        if "#" not in line:
            continue
        for match in _DIRECTIVE.finditer(line):
            listed = match.group("gf") or match.group("noqa")
            codes = {c.upper() for c in _CODE.findall(listed)} if listed else None
            if codes is None or found.get(number, set()) is None:
                found[number] = None
            else:
                found.setdefault(number, set()).update(codes)  # type: ignore[union-attr]
    return found


def _suppressed(code: str, line: int, table: dict[int, set[str] | None]) -> bool:
    if line not in table:
        return False
    codes = table[line]
    return codes is None or code in codes


def filter_suppressed(findings: list, source: Source, spans: dict[int, Span]) -> list:  # type: ignore[type-arg]
    """Findings whose line, or whose loop header's line, carries no directive for their code.

    `spans` holds the positions of every finding's node and related nodes.
    """
    if not findings:
        return findings
    table = directives(source.text)
    if not table:
        return findings
    kept = []
    for finding in findings:
        lines = {spans[id(finding.node)][0][0]} | {spans[id(r)][0][0] for r in finding.related}
        if not any(_suppressed(finding.code, line, table) for line in lines):
            kept.append(finding)
    return kept
