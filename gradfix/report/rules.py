"""`--explain` and `--list-rules`, and the README's rule table: all from the rules' docstrings."""

from __future__ import annotations

from gradfix.catalog import RULES

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:  # the rules import the parser: only --explain and the docs need them
    from gradfix.transforms.base import Rule


def summary(rule: type[Rule]) -> str:
    """The docstring's first paragraph on one line (Rule.summary() stops at its first line)."""
    lines: list[str] = []
    for line in rule.docs().splitlines():
        if line.strip().startswith("#") or (not line.strip() and lines):
            break
        if line.strip():
            lines.append(line.strip())
    return " ".join(lines) or rule.summary()


def explain(rule: type[Rule]) -> str:
    default = "" if rule.default_enabled else " (not enabled by default)"
    header = f"# {rule.code} ({rule.name}){default}\n\nFix safety: {rule.safety.value}\n\n"
    return header + rule.docs().rstrip() + "\n"


def text_table() -> str:
    rows = [(code, name, safety, "yes" if default else "no", text) for code, name, safety, default, text in RULES]
    header = ("Code", "Name", "Fix", "Default", "Summary")
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(4)]
    lines = []
    for row in [header, *rows]:
        cells = [row[i].ljust(widths[i]) for i in range(4)]
        lines.append("  ".join(cells) + "  " + row[4])
    return "\n".join(lines) + "\n"


def _escape(text: str) -> str:
    return text.replace("|", "\\|")


def markdown_table(rows: tuple[tuple[str, str, str, bool, str], ...] = RULES) -> str:
    """The table between README's `<!-- rules-table-start -->` and `<!-- rules-table-end -->`."""
    lines = ["| Code | Name | Fix safety | Default | What it finds |", "| --- | --- | --- | --- | --- |"]
    for code, name, safety, default, text in rows:
        lines.append(f"| {code} | `{name}` | {safety} | {'yes' if default else 'no'} | {_escape(text)} |")
    return "\n".join(lines) + "\n"


def json_table() -> str:
    import json

    rows = [
        {"code": code, "name": name, "fix_safety": safety, "default": default, "summary": text}
        for code, name, safety, default, text in RULES
    ]
    return json.dumps(rows, indent=2) + "\n"


def example(rule: type[Rule], section: str = "Example") -> str | None:
    """The first ```python block of a docs section ("Example" or "Use instead")."""
    import re

    match = re.search(rf"^## {re.escape(section)}\s*\n```python\n(.*?)^```", rule.docs(), re.S | re.M)
    return match.group(1) if match else None
