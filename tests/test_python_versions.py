"""gradfix runs on every Python its metadata claims (`requires-python = ">=3.9"`).

The engine names syntax-tree classes; those that Python 3.9's `ast` lacks (`match` statements
came in 3.10, `except*` in 3.11, type parameters in 3.12) must be looked up with a fallback,
never named directly: `ast.Match` at import time made every check of a training file fail on
3.9 with an AttributeError. The first test reads gradfix's own source for such names; the
second runs gradfix on the shipped examples with a Python 3.9 interpreter when this machine has
one, and compares its output with this Python's.
"""

from __future__ import annotations

import ast
import glob
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NEWER_THAN_39 = {
    "Match", "match_case", "MatchValue", "MatchSingleton", "MatchSequence", "MatchMapping", "MatchClass",
    "MatchStar", "MatchAs", "MatchOr", "TryStar", "TypeAlias", "TypeVar", "ParamSpec", "TypeVarTuple",
}  # fmt: skip


def _guarded(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """Inside `getattr(ast, ...)`/`hasattr(...)`, or in a branch chosen by `hasattr(ast, "X")`."""
    current = parents.get(id(node))
    while current is not None:
        if isinstance(current, ast.IfExp) and "hasattr" in ast.unparse(current.test):
            return True
        current = parents.get(id(current))
    return False


def test_no_syntax_class_newer_than_python_3_9_is_named_directly() -> None:
    offenders = []
    for path in sorted((ROOT / "gradfix").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and node.attr in NEWER_THAN_39
                and isinstance(node.value, ast.Name)
                and node.value.id == "ast"
                and not _guarded(node, parents)
            ):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}: ast.{node.attr}")
    assert not offenders, offenders


def _python39() -> str | None:
    candidates = [shutil.which("python3.9")] + sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.9*/bin/python")))
    for candidate in candidates:
        if candidate and subprocess.run([candidate, "-c", "pass"], capture_output=True).returncode == 0:
            return candidate
    return None


def test_the_examples_check_alike_on_python_3_9(tmp_path: Path) -> None:
    python = _python39()
    if python is None:
        pytest.skip("no Python 3.9 interpreter on this machine")
    examples = tmp_path / "examples"
    shutil.copytree(ROOT / "examples", examples)  # no .gitignore, no pyproject: the standard library is enough
    outputs = []
    for interpreter in (python, sys.executable):
        done = subprocess.run(
            [interpreter, "-m", "gradfix", "--no-cache", "--diff", "."],
            cwd=examples, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, timeout=300,
        )
        assert done.returncode == 1, done.stderr.decode()[-2000:]  # fixes to show, no error
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1] and b"+++ " in outputs[0]
