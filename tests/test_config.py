"""[tool.gradfix] in the nearest pyproject.toml, and command-line flags over it."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

from conftest import run_gradfix

# GF001: never cleared. GF004: a retain_graph=True that nothing uses (a second, independent rule).
BUGGY = b"""import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

for x, y in batches:
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    optimizer.step()
"""


def _project(tmp_path: Path, config: str, files: dict[str, bytes] | None = None) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "pyproject.toml").write_text(textwrap.dedent(config), encoding="utf-8")
    for name, data in (files or {"train.py": BUGGY}).items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return tmp_path


def _codes(stdout: bytes) -> list[str]:
    return re.findall(r": (GF\d{3}) ", stdout.decode())


def test_no_config_reports_gf001(tmp_path: Path) -> None:
    _project(tmp_path, "[project]\nname = 'x'\n")
    result = run_gradfix("train.py", cwd=tmp_path)
    assert result.returncode == 1
    assert _codes(result.stdout) == ["GF001"]


def test_config_select_replaces_the_default_set(tmp_path: Path) -> None:
    _project(tmp_path, '[tool.gradfix]\nselect = ["GF002"]\n')
    result = run_gradfix("train.py", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == b""


def test_cli_select_overrides_config_select(tmp_path: Path) -> None:
    _project(tmp_path, '[tool.gradfix]\nselect = ["GF002"]\n')
    result = run_gradfix("--select", "GF001", "train.py", cwd=tmp_path)
    assert result.returncode == 1
    assert _codes(result.stdout) == ["GF001"]


def test_config_ignore(tmp_path: Path) -> None:
    _project(tmp_path, '[tool.gradfix]\nignore = ["GF001"]\n')
    result = run_gradfix("train.py", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout == b""


def test_cli_ignore_replaces_config_ignore(tmp_path: Path) -> None:
    _project(tmp_path, '[tool.gradfix]\nignore = ["GF001"]\n')
    result = run_gradfix("--ignore", "GF002", "train.py", cwd=tmp_path)
    assert _codes(result.stdout) == ["GF001"]


def test_config_extend_select_adds_an_opt_in_rule(tmp_path: Path) -> None:
    from gradfix.report.rules import example
    from gradfix.transforms import ALL_RULES

    opt_in = [rule for rule in ALL_RULES if not rule.default_enabled and example(rule)]
    assert opt_in, "expected a rule that is off by default, with a documented example"
    rule = opt_in[0]
    _project(tmp_path, "[tool.gradfix]\n", {"ex.py": example(rule).encode()})  # type: ignore[union-attr]
    before = json.loads(run_gradfix("--format", "json", "ex.py", cwd=tmp_path).stdout)
    assert rule.code not in {d["code"] for d in before}
    (tmp_path / "pyproject.toml").write_text(f'[tool.gradfix]\nextend-select = ["{rule.code}"]\n')
    after = json.loads(run_gradfix("--format", "json", "ex.py", cwd=tmp_path).stdout)
    assert rule.code in {d["code"] for d in after}
    # the command line's --select replaces select and extend-select
    only = json.loads(run_gradfix("--select", "GF002", "--format", "json", "ex.py", cwd=tmp_path).stdout)
    assert rule.code not in {d["code"] for d in only}


def test_config_found_by_walking_up_from_the_paths(tmp_path: Path) -> None:
    project = _project(tmp_path / "project", '[tool.gradfix]\nignore = ["GF001"]\n', {"src/deep/train.py": BUGGY})
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = run_gradfix(str(project / "src" / "deep" / "train.py"), cwd=elsewhere)
    assert result.returncode == 0, result.stdout
    # a pyproject.toml without [tool.gradfix] in between does not stop the walk
    (project / "src" / "pyproject.toml").write_text("[project]\nname = 'inner'\n")
    result = run_gradfix(str(project / "src" / "deep"), cwd=elsewhere)
    assert result.returncode == 0, result.stdout
    # --isolated ignores it
    result = run_gradfix("--isolated", str(project / "src" / "deep"), cwd=elsewhere)
    assert _codes(result.stdout) == ["GF001"]


def test_config_exclude(tmp_path: Path) -> None:
    _project(
        tmp_path,
        '[tool.gradfix]\nexclude = ["legacy/", "*_old.py"]\n',
        {"legacy/train.py": BUGGY, "train_old.py": BUGGY, "train.py": BUGGY},
    )
    result = run_gradfix(".", cwd=tmp_path)
    assert result.stdout.decode().splitlines()[0].startswith("train.py:")
    assert len(result.stdout.splitlines()) == 1
    # --exclude on the command line replaces the file's list
    result = run_gradfix("--exclude", "legacy/", ".", cwd=tmp_path)
    paths = sorted(line.split(":")[0] for line in result.stdout.decode().splitlines())
    assert paths == ["train.py", "train_old.py"]


def test_config_unsafe_fixes(tmp_path: Path) -> None:
    """A rule whose documented example gets an unsafe fix: applied only with unsafe-fixes."""
    from gradfix.report.rules import example
    from gradfix.transforms import ALL_RULES
    from gradfix.transforms.base import Safety

    unsafe = [rule for rule in ALL_RULES if rule.safety is Safety.UNSAFE and example(rule, "Example")]
    assert unsafe, "expected a rule with an unsafe fix and a documented example"
    rule = unsafe[0]
    _project(tmp_path, "[tool.gradfix]\nunsafe-fixes = false\n", {"ex.py": example(rule, "Example").encode()})
    plain = json.loads(run_gradfix("--select", rule.code, "--format", "json", "ex.py", cwd=tmp_path).stdout)
    assert plain and all(d["fix_safety"] == "unsafe" and not d["fixable"] for d in plain)
    (tmp_path / "pyproject.toml").write_text("[tool.gradfix]\nunsafe-fixes = true\n")
    unsafe_on = json.loads(run_gradfix("--select", rule.code, "--format", "json", "ex.py", cwd=tmp_path).stdout)
    assert unsafe_on and all(d["fixable"] for d in unsafe_on)
    overridden = run_gradfix("--select", rule.code, "--no-unsafe-fixes", "--format", "json", "ex.py", cwd=tmp_path)
    assert not any(d["fixable"] for d in json.loads(overridden.stdout))
    wrote = run_gradfix("--select", rule.code, "--write", "ex.py", cwd=tmp_path)
    assert wrote.returncode == 0, wrote.stderr
    assert (tmp_path / "ex.py").read_text() != example(rule, "Example")


def test_unknown_key_is_an_error(tmp_path: Path) -> None:
    _project(tmp_path, '[tool.gradfix]\nselect = ["GF001"]\nextend_select = ["GF002"]\n')
    result = run_gradfix("train.py", cwd=tmp_path)
    assert result.returncode == 2
    assert b"unknown key" in result.stderr and b"extend_select" in result.stderr
    assert b"pyproject.toml" in result.stderr
    assert result.stdout == b""


def test_unknown_rule_code_in_config_is_an_error(tmp_path: Path) -> None:
    _project(tmp_path, '[tool.gradfix]\nignore = ["GF999"]\n')
    result = run_gradfix("train.py", cwd=tmp_path)
    assert result.returncode == 2
    assert b"GF999" in result.stderr


def test_wrong_type_is_an_error(tmp_path: Path) -> None:
    _project(tmp_path, '[tool.gradfix]\nselect = "GF001"\n')
    result = run_gradfix("train.py", cwd=tmp_path)
    assert result.returncode == 2
    assert b"list of strings" in result.stderr


def test_invalid_toml_is_an_error(tmp_path: Path) -> None:
    _project(tmp_path, "[tool.gradfix]\nselect = [\n")
    result = run_gradfix("train.py", cwd=tmp_path)
    assert result.returncode == 2
    assert b"invalid TOML" in result.stderr


def test_explicit_config_file(tmp_path: Path) -> None:
    _project(tmp_path, "[project]\nname = 'x'\n")
    other = tmp_path / "conf" / "pyproject.toml"
    other.parent.mkdir()
    other.write_text('[tool.gradfix]\nignore = ["GF001"]\n')
    assert run_gradfix("train.py", cwd=tmp_path).returncode == 1
    assert run_gradfix("--config", str(other), "train.py", cwd=tmp_path).returncode == 0
