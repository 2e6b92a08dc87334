from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Folders of fixtures, not of tests: scripts the tests read or run. pytest would otherwise import
# every `test_*.py` and `*_test.py` among them while collecting, in each worker: seven clean
# fixtures are so named, and four of them import torch or Lightning and train at import.
collect_ignore_glob = [
    "before_after/*", "projects/*", "data/*", "behaviour/projects/*", "behaviour/reference/*", "libraries/scripts/*",
]  # fmt: skip


def gradfix_command() -> list[str]:
    """The installed console script, as a user runs it."""
    script = Path(sys.executable).with_name("gradfix")
    if script.exists():
        return [str(script)]
    found = shutil.which("gradfix")
    if found:
        return [found]
    return [sys.executable, "-m", "gradfix"]


def run_gradfix(*args: str, cwd: Path | None = None, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop("FORCE_COLOR", None)
    return subprocess.run(
        [*gradfix_command(), *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        env=env,
        timeout=300,
    )


def run_gradfix_in_a_fork(*args: str, cwd: Path | None = None, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    """`run_gradfix`, run by a forked child of a server that imported gradfix once
    (tests/gradfix_forks.py) when the command is this interpreter's gradfix: the same run
    without an interpreter's start and gradfix's imports, for tests that run it hundreds of
    times. tests/test_cli.py and the others keep running the command itself."""
    from gradfix_forks import run_gradfix_forked

    if gradfix_command() in ([str(Path(sys.executable).with_name("gradfix"))], [sys.executable, "-m", "gradfix"]):
        env = dict(os.environ)
        env.pop("FORCE_COLOR", None)
        done = run_gradfix_forked(*args, cwd=cwd, stdin=stdin, env=env)
        if done is not None:
            return done
    return run_gradfix(*args, cwd=cwd, stdin=stdin)


def load_script(name: str):  # type: ignore[no-untyped-def]
    """A script of scripts/ (`record_methods.py`), loaded as a module."""
    import importlib.util

    path = Path(__file__).resolve().parent.parent / "scripts" / name
    spec = importlib.util.spec_from_file_location(path.stem + "_script", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def gradfix():
    return run_gradfix
