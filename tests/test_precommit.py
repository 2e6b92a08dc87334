"""The real `pre-commit try-repo` against a copy of this repository and a faulty loop."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

BUGGY = """import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

for x, y in batches:
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    optimizer.step()
"""


def _pre_commit() -> str:
    script = Path(sys.executable).with_name("pre-commit")
    found = str(script) if script.exists() else shutil.which("pre-commit")
    assert found, "pre-commit is a test dependency: pip install '.[test]'"
    return found


def _git(*args: str, cwd: Path) -> None:
    subprocess.run(
        ["git", "-c", "user.name=gradfix tests", "-c", "user.email=tests@example.invalid", "-c", "commit.gpgsign=false",
         *args],
        cwd=cwd, check=True, capture_output=True, timeout=120,
    )  # fmt: skip


def _hook_repo(tmp_path: Path) -> Path:
    """A git repository holding this checkout's package, as pre-commit would clone it."""
    repo = tmp_path / "gradfix-repo"
    repo.mkdir()
    for name in ("pyproject.toml", ".pre-commit-hooks.yaml", "README.md"):
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, repo / name)
    if not (repo / "README.md").exists():  # pyproject.toml names it as the long description
        (repo / "README.md").write_text("# gradfix\n")
    shutil.copytree(ROOT / "gradfix", repo / "gradfix", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    _git("init", "-q", cwd=repo)
    _git("add", "-A", cwd=repo)
    _git("commit", "-q", "-m", "gradfix", cwd=repo)
    return repo


def _project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    project.mkdir()
    (project / "train.py").write_text(BUGGY)
    (project / "notes.txt").write_text("not python\n")
    _git("init", "-q", cwd=project)
    _git("add", "-A", cwd=project)
    return project


def test_pre_commit_check_and_fix_hooks(tmp_path: Path) -> None:
    repo = _hook_repo(tmp_path)
    project = _project(tmp_path)
    env = dict(os.environ, PRE_COMMIT_HOME=str(tmp_path / "pre-commit-home"), PRE_COMMIT_COLOR="never")
    env.pop("FORCE_COLOR", None)

    def try_repo(hook: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [_pre_commit(), "try-repo", str(repo), hook, "--all-files"],
            cwd=project, env=env, capture_output=True, text=True, timeout=600,
        )  # fmt: skip

    check = try_repo("gradfix")
    output = check.stdout + check.stderr
    assert check.returncode == 1, output
    assert "train.py:9:5: GF001 [*]" in output
    assert (project / "train.py").read_text() == BUGGY

    fix = try_repo("gradfix-fix")  # the environment installed above is reused
    output = fix.stdout + fix.stderr
    assert fix.returncode == 1, output  # pre-commit fails a hook that changed files
    assert "files were modified by this hook" in output
    fixed = (project / "train.py").read_text()
    assert "    optimizer.zero_grad(set_to_none=True)\n    loss = " in fixed

    _git("add", "-A", cwd=project)
    again = try_repo("gradfix")
    assert again.returncode == 0, again.stdout + again.stderr
    assert (project / "train.py").read_text() == fixed
