"""--format text|json|sarif|github, each parsed back."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import run_gradfix

BUGGY = b"""import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

for x, y in batches:
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    optimizer.step()
"""
SCHEMA = Path(__file__).parent / "data" / "sarif-schema-2.1.0.json"


def _files(tmp_path: Path) -> None:
    (tmp_path / "train.py").write_bytes(BUGGY)
    (tmp_path / "clean.py").write_bytes(b"x = 1\n")
    (tmp_path / "sub dir").mkdir()
    (tmp_path / "sub dir" / "b,c.py").write_bytes(BUGGY)


def test_json(tmp_path: Path) -> None:
    _files(tmp_path)
    result = run_gradfix("--format", "json", ".", cwd=tmp_path)
    assert result.returncode == 1
    found = json.loads(result.stdout)
    assert [d["file"] for d in found] == ["train.py", "sub dir/b,c.py"]  # discovery order
    first = found[0]
    assert list(first) == [
        "file", "cell", "line", "column", "end_line", "end_column", "code", "name", "message", "fixable", "fix_safety",
    ]  # fmt: skip
    assert (first["line"], first["column"], first["end_line"], first["end_column"]) == (9, 5, 9, 21)
    assert first["code"] == "GF001" and first["name"] == "missing-zero-grad"
    assert first["cell"] is None and first["fixable"] is True and first["fix_safety"] == "safe"
    assert "optimizer.step()" in first["message"]
    # the summary stays on stderr
    assert b"Found 2 findings" in result.stderr


def test_json_clean_is_an_empty_list(tmp_path: Path) -> None:
    (tmp_path / "clean.py").write_bytes(b"x = 1\n")
    result = run_gradfix("--format", "json", "clean.py", cwd=tmp_path)
    assert result.returncode == 0
    assert json.loads(result.stdout) == []


def test_json_after_write_lists_what_remains(tmp_path: Path) -> None:
    _files(tmp_path)
    result = run_gradfix("--format", "json", "--write", "train.py", cwd=tmp_path)
    assert result.returncode == 0
    assert json.loads(result.stdout) == []
    assert b"zero_grad" in (tmp_path / "train.py").read_bytes()


def test_sarif_validates_against_the_sarif_2_1_0_schema(tmp_path: Path) -> None:
    import jsonschema

    _files(tmp_path)
    result = run_gradfix("--format", "sarif", ".", cwd=tmp_path)
    assert result.returncode == 1
    log = json.loads(result.stdout)
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
    errors = [f"{list(e.path)}: {e.message}" for e in validator.iter_errors(log)]
    assert errors == []
    run = log["runs"][0]
    assert run["tool"]["driver"]["name"] == "gradfix"
    assert [rule["id"] for rule in run["tool"]["driver"]["rules"]] == ["GF001"]
    results = run["results"]
    assert len(results) == 2
    locations = [r["locations"][0]["physicalLocation"] for r in results]
    assert [loc["artifactLocation"]["uri"] for loc in locations] == ["train.py", "sub%20dir/b%2Cc.py"]
    assert locations[0]["region"] == {"startLine": 9, "startColumn": 5, "endLine": 9, "endColumn": 21}
    assert all(r["ruleId"] == "GF001" and r["ruleIndex"] == 0 for r in results)
    # and the validator does catch a broken log
    results[0]["level"] = "fatal"
    assert list(validator.iter_errors(log))


def test_sarif_with_no_findings_is_valid(tmp_path: Path) -> None:
    import jsonschema

    (tmp_path / "clean.py").write_bytes(b"x = 1\n")
    result = run_gradfix("--format", "sarif", "clean.py", cwd=tmp_path)
    assert result.returncode == 0
    log = json.loads(result.stdout)
    jsonschema.Draft4Validator(json.loads(SCHEMA.read_text(encoding="utf-8"))).validate(log)
    assert log["runs"][0]["results"] == []


_ANNOTATION = re.compile(r"^::error (?P<props>[^:]*)::(?P<message>.*)$")


def _props(text: str) -> dict[str, str]:
    def unescape(value: str) -> str:
        return value.replace("%2C", ",").replace("%3A", ":").replace("%0A", "\n").replace("%0D", "\r").replace("%25", "%")

    return {key: unescape(value) for key, value in (item.split("=", 1) for item in text.split(","))}


def test_github_annotations(tmp_path: Path) -> None:
    _files(tmp_path)
    result = run_gradfix("--format", "github", ".", cwd=tmp_path)
    assert result.returncode == 1
    lines = result.stdout.decode().splitlines()
    assert len(lines) == 2
    parsed = [_ANNOTATION.match(line) for line in lines]
    assert all(parsed)
    props = [_props(m.group("props")) for m in parsed]  # type: ignore[union-attr]
    assert [p["file"] for p in props] == ["train.py", "sub dir/b,c.py"]  # the comma was escaped
    assert props[0]["line"] == "9" and props[0]["col"] == "5"
    assert props[0]["endLine"] == "9" and props[0]["endColumn"] == "21"
    assert props[0]["title"] == "GF001 (missing-zero-grad)"
    assert parsed[0].group("message").startswith("GF001 [*] ")  # type: ignore[union-attr]


def test_text_is_the_default(tmp_path: Path) -> None:
    _files(tmp_path)
    result = run_gradfix("train.py", cwd=tmp_path)
    assert re.fullmatch(rb"train\.py:9:5: GF001 \[\*\] .+\n", result.stdout)
    assert run_gradfix("--format", "text", "train.py", cwd=tmp_path).stdout == result.stdout


def test_unknown_format_and_format_with_diff_are_usage_errors(tmp_path: Path) -> None:
    _files(tmp_path)
    assert run_gradfix("--format", "xml", "train.py", cwd=tmp_path).returncode == 2
    assert run_gradfix("--format", "json", "--diff", "train.py", cwd=tmp_path).returncode == 2
