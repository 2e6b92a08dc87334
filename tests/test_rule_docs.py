"""--explain, --list-rules and the README's rule table come from the rules' docstrings."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import ROOT, run_gradfix
from gradfix.transforms import ALL_RULES

SECTIONS = ("## What it does", "## Why is this bad?", "## Example", "## Use instead", "## Fix safety")
START, END = "<!-- rules-table-start -->", "<!-- rules-table-end -->"


@pytest.mark.parametrize("rule", ALL_RULES, ids=[rule.code for rule in ALL_RULES])
def test_every_rule_documents_every_section(rule) -> None:  # type: ignore[no-untyped-def]
    from gradfix.report.rules import explain

    text = explain(rule)
    assert text.startswith(f"# {rule.code} ({rule.name})")
    for section in SECTIONS:
        assert section in text, f"{rule.code}: missing {section!r}"
    assert f"Fix safety: {rule.safety.value}" in text


def test_explain_through_the_command() -> None:
    from gradfix.report.rules import explain

    for rule in ALL_RULES[:3]:
        result = run_gradfix("--explain", rule.code.lower())
        assert result.returncode == 0
        assert result.stdout.decode() == explain(rule)
        assert rule.docs() in result.stdout.decode()


def test_explain_unknown_code_is_an_error() -> None:
    result = run_gradfix("--explain", "GF999")
    assert result.returncode == 2
    assert b"unknown rule code" in result.stderr


def test_list_rules_text_and_json() -> None:
    text = run_gradfix("--list-rules")
    assert text.returncode == 0
    rows = text.stdout.decode().splitlines()
    assert rows[0].split()[:4] == ["Code", "Name", "Fix", "Default"]
    assert [row.split()[0] for row in rows[1:]] == sorted(rule.code for rule in ALL_RULES)
    listed = json.loads(run_gradfix("--list-rules", "--format", "json").stdout)
    by_code = {row["code"]: row for row in listed}
    assert set(by_code) == {rule.code for rule in ALL_RULES}
    for rule in ALL_RULES:
        assert by_code[rule.code]["name"] == rule.name
        assert by_code[rule.code]["fix_safety"] == rule.safety.value
        assert by_code[rule.code]["default"] is bool(rule.default_enabled)
        assert by_code[rule.code]["summary"].split()[:3] == rule.docs().split()[:3]


def test_markdown_table_from_the_script_and_the_cli_agree() -> None:
    import subprocess
    import sys

    script = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "rule_table.py")], capture_output=True, check=True, timeout=120
    ).stdout
    cli = run_gradfix("--list-rules", "--format", "markdown").stdout
    assert script == cli
    rows = [line for line in script.decode().splitlines() if line.startswith("| GF")]
    assert [row.split("|")[1].strip() for row in rows] == sorted(rule.code for rule in ALL_RULES)


def test_readme_rule_table_matches_the_rules() -> None:
    """README.md holds exactly the generated rule table between its markers."""
    from gradfix.report.rules import markdown_table

    checked = 0
    for path in (ROOT / "README.md",):
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        if START not in text:
            continue
        assert END in text, f"{path.name}: {START} without {END}"
        table = text.split(START, 1)[1].split(END, 1)[0].strip("\n") + "\n"
        assert table == markdown_table(), f"{path.name}: stale rule table; run `python scripts/rule_table.py --update`"
        checked += 1
    assert checked == 1


def test_the_catalog_says_what_the_rules_say() -> None:
    """gradfix/catalog.py is what start-up reads instead of importing the rules."""
    from gradfix import catalog

    rows = catalog.rows_from_registry()
    assert catalog.RULES == rows, "stale gradfix/catalog.py; run `python scripts/rule_table.py --update`"
    assert catalog.render(rows) in (ROOT / "gradfix" / "catalog.py").read_text(encoding="utf-8")


def test_every_documented_example_is_reported_and_use_instead_is_not(tmp_path: Path) -> None:
    from gradfix.report.rules import example

    for rule in ALL_RULES:
        bad, good = example(rule, "Example"), example(rule, "Use instead")
        assert bad and good, f"{rule.code}: docs need ```python blocks under Example and Use instead"
        (tmp_path / f"{rule.code}_bad.py").write_text(bad)
        (tmp_path / f"{rule.code}_good.py").write_text(good)
    found = json.loads(run_gradfix("--select", "ALL", "--format", "json", ".", cwd=tmp_path).stdout)
    codes_by_file: dict[str, set[str]] = {}
    for d in found:
        codes_by_file.setdefault(d["file"], set()).add(d["code"])
    for rule in ALL_RULES:
        assert rule.code in codes_by_file.get(f"{rule.code}_bad.py", set()), f"{rule.code}: Example not reported"
        assert rule.code not in codes_by_file.get(f"{rule.code}_good.py", set()), f"{rule.code}: Use instead reported"


def test_docs_page_mentions_every_integration() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for heading in ("Configuration", "Suppressions", "Output formats", "pre-commit", "LibCST codemods", "Notebooks"):
        assert re.search(rf"^## .*{re.escape(heading)}", text, re.M | re.I), heading


def test_editor_patterns_in_the_docs_match_real_output(tmp_path: Path) -> None:
    """The PyCharm output filter and the VS Code problem matcher, applied to gradfix's own output."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    source = (
        "import torch\nmodel = torch.nn.Linear(4, 1)\n"
        "optimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n"
        "for x, y in batches:\n    loss = model(x).sum()\n    loss.backward()\n    optimizer.step()\n"
    )
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "train.py").write_text(source)
    line = run_gradfix("--no-color", ".", cwd=tmp_path).stdout.decode().splitlines()[0]

    pycharm = re.search(r"`(\$FILE_PATH\$[^`]*)`", text).group(1)  # type: ignore[union-attr]
    pattern = (
        re.escape(pycharm)
        .replace(re.escape("$FILE_PATH$"), r"(?P<file>[^:]+)")
        .replace(re.escape("$LINE$"), r"(?P<line>\d+)")
        .replace(re.escape("$COLUMN$"), r"(?P<column>\d+)")
    )
    match = re.match(pattern, line)
    assert match and (match["file"], match["line"], match["column"]) == ("sub/train.py", "7", "5")

    tasks = json.loads(re.search(r"```json\n(.*?)```", text, re.S).group(1))  # type: ignore[union-attr]
    matcher = tasks["tasks"][0]["problemMatcher"]["pattern"]
    vscode = re.match(matcher["regexp"], line)
    assert vscode
    assert vscode.group(matcher["file"]) == "sub/train.py"
    assert (vscode.group(matcher["line"]), vscode.group(matcher["column"])) == ("7", "5")
    assert vscode.group(matcher["code"]) == "GF001"
    assert vscode.group(matcher["message"]).startswith("`optimizer.step()`")


def test_rule_pages_are_current() -> None:
    """gradfix/docs/rules/GF0xx.md hold `gradfix --explain`, one page per rule and no other,
    and ship with the package (the language server links each diagnostic to its page)."""
    import importlib.util

    try:
        import tomllib
    except ModuleNotFoundError:  # Python < 3.11
        import tomli as tomllib  # type: ignore[no-redef]

    spec = importlib.util.spec_from_file_location("rule_table", ROOT / "scripts" / "rule_table.py")
    script = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(script)  # type: ignore[union-attr]
    folder = ROOT / "gradfix" / "docs" / "rules"
    wanted = script.pages()
    assert sorted(p.name for p in folder.glob("GF*.md")) == sorted(wanted), "run `python scripts/rule_table.py --update`"
    for name, text in wanted.items():
        assert (folder / name).read_text(encoding="utf-8") == text, f"{name} is stale; run `python scripts/rule_table.py --update`"
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    assert "docs/rules/*.md" in package_data["gradfix"]
