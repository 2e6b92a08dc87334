"""`--explain` and `--list-rules`, and the README's rule table: all from the rules' docstrings."""

from __future__ import annotations

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


def _rules() -> tuple[type[Rule], ...]:
    from gradfix.transforms import ALL_RULES

    return tuple(sorted(ALL_RULES, key=lambda rule: rule.code))


def explain(rule: type[Rule]) -> str:
    default = "" if rule.default_enabled else " (not enabled by default)"
    header = f"# {rule.code} ({rule.name}){default}\n\nFix safety: {rule.safety.value}\n\n"
    return header + rule.docs().rstrip() + "\n"


def text_table() -> str:
    rows = [(r.code, r.name, r.safety.value, "yes" if r.default_enabled else "no", summary(r)) for r in _rules()]
    header = ("Code", "Name", "Fix", "Default", "Summary")
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(4)]
    lines = []
    for row in [header, *rows]:
        cells = [row[i].ljust(widths[i]) for i in range(4)]
        lines.append("  ".join(cells) + "  " + row[4])
    return "\n".join(lines) + "\n"


def _escape(text: str) -> str:
    return text.replace("|", "\\|")


def markdown_table() -> str:
    """The table between README's `<!-- rules-table-start -->` and `<!-- rules-table-end -->`."""
    lines = ["| Code | Name | Fix safety | Default | What it finds |", "| --- | --- | --- | --- | --- |"]
    for rule in _rules():
        lines.append(
            f"| {rule.code} | `{rule.name}` | {rule.safety.value} | "
            f"{'yes' if rule.default_enabled else 'no'} | {_escape(summary(rule))} |"
        )
    return "\n".join(lines) + "\n"


def json_table() -> str:
    import json

    rows = [
        {
            "code": r.code,
            "name": r.name,
            "fix_safety": r.safety.value,
            "default": bool(r.default_enabled),
            "summary": summary(r),
        }
        for r in _rules()
    ]
    return json.dumps(rows, indent=2) + "\n"


def example(rule: type[Rule], section: str = "Example") -> str | None:
    """The first ```python block of a docs section ("Example" or "Use instead")."""
    import re

    match = re.search(rf"^## {re.escape(section)}\s*\n```python\n(.*?)^```", rule.docs(), re.S | re.M)
    return match.group(1) if match else None
