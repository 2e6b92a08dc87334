"""Print the rule table for README.md (the lines between the rules-table markers), from the rules' docs.

    python scripts/rule_table.py            # print the table (same as `gradfix --list-rules --format markdown`)
    python scripts/rule_table.py --update   # rewrite the table in README.md, gradfix/catalog.py and the rule pages

The rule pages, gradfix/docs/rules/GF001.md ..., hold `gradfix --explain GF001`. They ship
inside the package: the language server links each diagnostic's code to its page there.

The markers, each on a line of its own:

    <!-- rules-table-start -->
    | Code | Name | ...
    <!-- rules-table-end -->

gradfix/catalog.py holds the same facts as data between `# catalog-start` and `# catalog-end`
(start-up reads it instead of importing the rules). tests/test_rule_docs.py fails when the
table or the catalog is stale, or when a rule page is missing, stale or left over from a rule
that is gone.
"""

from __future__ import annotations

import sys
from pathlib import Path

START = "<!-- rules-table-start -->"
END = "<!-- rules-table-end -->"
ROOT = Path(__file__).resolve().parent.parent
FILES = (ROOT / "README.md",)
CATALOG = ROOT / "gradfix" / "catalog.py"
CATALOG_START, CATALOG_END = "# catalog-start\n", "# catalog-end\n"
PAGES = ROOT / "gradfix" / "docs" / "rules"
PAGE_HEADER = "<!-- generated from the rule's docstring by scripts/rule_table.py --update; do not edit -->\n\n"


def replace_table(text: str, table: str) -> str:
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{START}\n{table}{END}{tail}"


def pages() -> dict[str, str]:
    """File name -> content of every rule page."""
    from gradfix.report.rules import explain
    from gradfix.transforms import ALL_RULES

    return {f"{rule.code}.md": PAGE_HEADER + explain(rule) for rule in ALL_RULES}


def write_pages() -> None:
    wanted = pages()
    PAGES.mkdir(parents=True, exist_ok=True)
    for stale in PAGES.glob("GF*.md"):
        if stale.name not in wanted:
            stale.unlink()
    for name, text in wanted.items():
        path = PAGES / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8", newline="\n")
            print(f"updated {path.relative_to(ROOT)}", file=sys.stderr)


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT))
    from gradfix.catalog import render, rows_from_registry
    from gradfix.report.rules import markdown_table

    rows = rows_from_registry()
    table = markdown_table(rows)
    if "--update" not in argv:
        sys.stdout.write(table)
        return 0
    text = CATALOG.read_text(encoding="utf-8")
    head, rest = text.split(CATALOG_START, 1)
    _, tail = rest.split(CATALOG_END, 1)
    CATALOG.write_text(f"{head}{CATALOG_START}{render(rows)}{CATALOG_END}{tail}", encoding="utf-8")
    print(f"updated {CATALOG.relative_to(ROOT)}", file=sys.stderr)
    write_pages()
    updated = 0
    for path in FILES:
        if not path.exists():
            continue
        text = path.read_text(encoding="utf-8")
        if START in text and END in text:
            path.write_text(replace_table(text, table), encoding="utf-8")
            updated += 1
            print(f"updated {path.relative_to(ROOT)}", file=sys.stderr)
    if not updated:
        print(f"no file holds the {START} ... {END} markers", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
