"""Multi-file projects: helpers and step functions in other modules.

    tests/projects/<case>/before/...   the project's files (with a pyproject.toml: its root)
    tests/projects/<case>/after/...    the files after `gradfix --write`; absent: nothing changes

`clean_*` cases must report nothing. Every case is also run one file at a time (as pre-commit
and editors do) and through stdin with `--stdin-filename`: the project is still seen, and each
file gets the same result as in the whole-project run.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import run_gradfix

CASES = sorted(p for p in (Path(__file__).parent / "projects").iterdir() if (p / "before").is_dir())


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*.py"))}


def _expected(case: Path) -> dict[str, bytes]:
    after = case / "after"
    return _files(after) if after.is_dir() else _files(case / "before")


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_project_write(case: Path, tmp_path: Path) -> None:
    work = tmp_path / "project"
    shutil.copytree(case / "before", work)
    check = run_gradfix("--isolated", ".", cwd=work)
    if case.name.startswith("clean_"):
        assert check.returncode == 0, check.stdout.decode() + check.stderr.decode()
    else:
        assert check.returncode == 1, check.stderr.decode()
    result = run_gradfix("--isolated", "--write", ".", cwd=work)
    assert result.returncode in (0, 1), result.stderr.decode()
    assert _files(work) == _expected(case)
    again = run_gradfix("--isolated", "--write", ".", cwd=work)
    assert _files(work) == _expected(case), "a second run changed something"
    assert again.returncode in (0, 1)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_project_one_file_at_a_time(case: Path, tmp_path: Path) -> None:
    work = tmp_path / "project"
    shutil.copytree(case / "before", work)
    expected = _expected(case)
    for name in sorted(_files(work)):
        original = (work / name).read_bytes()
        piped = run_gradfix("--isolated", "--write", "-", "--stdin-filename", name, cwd=work, stdin=original)
        assert piped.stdout == expected[name], name
        run_gradfix("--isolated", "--write", name, cwd=work)
        assert (work / name).read_bytes() == expected[name], name
