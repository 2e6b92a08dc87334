"""Every fixture pair under tests/before_after, found and checked by one test.

    <RULE_DIR>/<case>.before.py   input; must produce at least one finding of that rule
    <RULE_DIR>/<case>.after.py    expected output, byte for byte (absent: must not change)
    clean/<case>.py               correct code: no finding from any default rule, unchanged

Each case also runs with CRLF line endings, and the output must be a fixed point.
Set UPDATE_FIXTURES=1 to write missing/changed .after.py files (then read every diff).
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

from gradfix.runner import Options, process_source
from gradfix.transforms import RULES_BY_CODE, default_codes

FIXTURES = Path(__file__).parent / "before_after"


def _pending() -> set[str]:
    """Cases listed in before_after/PENDING.txt: drafted before the engine supports them."""
    path = FIXTURES / "PENDING.txt"
    if not path.exists():
        return set()
    lines = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return {line for line in lines if line and not line.startswith("#")}


def _pairs() -> list:
    cases = []
    pending = _pending()
    for before in sorted(FIXTURES.glob("GF*/*.before.py")):
        code = before.parent.name.split("_", 1)[0]
        case = f"{before.parent.name}/{before.name.removesuffix('.before.py')}"
        marks = [pytest.mark.xfail(strict=True, reason="pending engine support (before_after/PENDING.txt)")] if case in pending else []
        cases.append(pytest.param(code, before, marks=marks))
    return cases


def _clean() -> list[Path]:
    return sorted((FIXTURES / "clean").glob("*.py"))


def _options(codes: set[str], fix: bool = True) -> Options:
    return Options(select=frozenset(codes), unsafe_fixes=False, fix=fix)


def _crlf(data: bytes) -> bytes:
    return data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")


@pytest.mark.parametrize("code,before", _pairs(), ids=lambda v: v if isinstance(v, str) else f"{v.parent.name}/{v.stem}")
def test_fixture_pair(code: str, before: Path) -> None:
    assert code in RULES_BY_CODE, f"{before.parent.name} names no known rule"
    after = before.with_name(before.name.replace(".before.py", ".after.py"))
    source = before.read_bytes()
    result = process_source(str(before), source, _options({code}))
    assert result.error is None, result.error
    assert any(d.code == code for d in result.diagnostics), f"{code} not reported on {before.name}"
    output = result.fixed if result.fixed is not None else source
    if os.environ.get("UPDATE_FIXTURES") and result.fixed is not None:
        after.write_bytes(output)
    if after.exists():
        assert output.decode() == after.read_text(encoding="utf-8")
        assert result.fixed is not None
    else:
        assert result.fixed is None, f"{before.name} changed but has no .after.py"
    ast.parse(output)
    again = process_source(str(before), output, _options({code}))
    assert again.fixed is None, "a second run changed the fixed output"

    crlf = process_source(str(before), _crlf(source), _options({code}))
    assert crlf.error is None
    assert (crlf.fixed if crlf.fixed is not None else _crlf(source)) == _crlf(output)


@pytest.mark.parametrize("path", _clean(), ids=lambda p: p.stem)
def test_clean_fixture(path: Path) -> None:
    """No finding from any default rule, and unchanged even with --unsafe-fixes. One run with
    unsafe fixes answers both questions: in `pipeline.check_source` the option is read only by
    `_applies` (which fixes apply, and so which GF001/GF017 findings `_without_consequences`
    leaves out as restating a GF026 finding that is itself reported). With no finding in the
    unsafe run there is no GF026, so nothing was left out, and the run without unsafe fixes
    has the same (empty) findings and nothing to apply: no finding and no change either way."""
    source = path.read_bytes()
    result = process_source(str(path), source, Options(select=frozenset(default_codes()), unsafe_fixes=True, fix=True))
    assert result.error is None, result.error
    assert [f"{d.code}:{d.line}" for d in result.diagnostics] == []
    assert result.remaining == []
    # an unsafe fix may only apply to code that has the bug: correct code stays as it is
    assert result.fixed is None, "--unsafe-fixes changed a correct script"


def test_enough_fixtures() -> None:
    """The issue asks for at least 8 pairs per rule and 15 clean cases."""
    per_rule: dict[str, int] = {}
    for param in _pairs():
        code = param.values[0]
        per_rule[code] = per_rule.get(code, 0) + 1
    for code in ("GF001", "GF002"):
        assert per_rule.get(code, 0) >= 8, (code, per_rule.get(code, 0))
    assert len(_clean()) >= 15
