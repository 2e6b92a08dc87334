"""Every rule's fix on files whose first indented block is written with another step than the
training loop (a 2-space helper at the top, the loops re-indented with three spaces or with
tabs): the fix must come out as the fixture's .after.py written the same way (a block a fix
opens is indented by the step of the block it goes into, not by the file's first block), it
must parse, and a second run must leave it alone."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from gradfix.runner import Options, process_source

FIXTURES = Path(__file__).parent / "before_after"
HELPER = "def _layout_helper(flag):\n  if flag:\n    return 1\n  return 0\n\n\n"
LAYOUTS = {"three_spaces": "   ", "tabs": "\t"}
PER_RULE = 4


def _with_helper(text: str) -> str:
    """The 2-space helper put before the first statement that is not an import or docstring."""
    lines = text.splitlines(keepends=True)
    for stmt in ast.parse(text).body:
        if isinstance(stmt, (ast.Import, ast.ImportFrom)) or (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)):
            continue
        first = min([stmt.lineno] + [d.lineno for d in getattr(stmt, "decorator_list", [])])
        return "".join(lines[: first - 1]) + HELPER + "".join(lines[first - 1 :])
    return text + "\n\n" + HELPER


def _reindented(text: str, unit: str) -> str:
    """Each leading run of four spaces written as `unit` (text inside brackets or strings at
    the start of a line moves too; the fixtures are checked to read the same after it)."""
    out = []
    for line in text.splitlines(keepends=True):
        lead = re.match(r"(?:    )+", line)
        out.append(unit * (len(lead.group(0)) // 4) + line[lead.end() :] if lead else line)
    return "".join(out)


def _cases() -> list:
    """Per rule, the pairs whose fix opens a block (more lines ending in `:` after than before),
    then the first others, up to PER_RULE."""
    by_rule: dict[str, list[Path]] = {}
    for before in sorted(FIXTURES.glob("GF*/*.before.py")):
        after = before.with_name(before.name.replace(".before.py", ".after.py"))
        if after.exists():
            by_rule.setdefault(before.parent.name.split("_", 1)[0], []).append(before)

    def opens(before: Path) -> bool:
        count = lambda path: sum(line.rstrip().endswith(":") for line in path.read_text(encoding="utf-8").splitlines())  # noqa: E731
        return count(before.with_name(before.name.replace(".before.py", ".after.py"))) > count(before)

    cases = []
    for code, befores in sorted(by_rule.items()):
        chosen = sorted(befores, key=lambda b: not opens(b))[:PER_RULE]
        cases += [pytest.param(code, before, layout, id=f"{before.parent.name[:5]}/{before.stem}/{layout}") for before in chosen for layout in LAYOUTS]
    return cases


def _same_program(a: str, b: str) -> bool:
    return ast.dump(ast.parse(a)) == ast.dump(ast.parse(b))


@pytest.mark.parametrize("code,before,layout", _cases())
def test_fix_keeps_the_layout_of_the_block(code: str, before: Path, layout: str) -> None:
    after = before.with_name(before.name.replace(".before.py", ".after.py"))
    unit = LAYOUTS[layout]
    source, expected = before.read_text(encoding="utf-8"), after.read_text(encoding="utf-8")
    moved, moved_after = _reindented(source, unit), _reindented(expected, unit)
    try:
        same = _same_program(source, moved) and _same_program(expected, moved_after)
    except SyntaxError:
        same = False
    if not same:
        pytest.skip("re-indenting changes what the fixture says (a string or bracket at a line's start)")
    text = _with_helper(moved)
    options = Options(select=frozenset({code}), unsafe_fixes=False, fix=True)
    result = process_source(str(before), text.encode(), options)
    assert result.error is None, result.error
    assert result.fixed is not None, "the fix was not offered in this layout"
    output = result.fixed.decode()
    ast.parse(output)
    assert HELPER in output
    assert output.replace(HELPER, "", 1) == _with_helper(moved_after).replace(HELPER, "", 1)
    again = process_source(str(before), result.fixed, options)
    assert again.fixed is None, "a second run changed the fixed output"
