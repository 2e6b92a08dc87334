"""A worker process that dies is a per-file error, never a lost run.

The test-only hook GRADFIX_TEST_WORKER_DIES_ON=<file name> (gradfix/runner.py) makes a pool
worker handed that file end itself with `os._exit(70)` before analysing it, as a segfault or
the kernel's OOM killer would. The run must report that file, leave it unchanged, exit 2, and
finish every other file, whichever of them were in the pool when it broke.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from conftest import gradfix_command

from gradfix.runner import POOL_MIN_FILES, TEST_WORKER_DIES_ON

BUGGY = (
    "import torch\n"
    "model = torch.nn.Linear(2, 1)\n"
    "optimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n"
    "for x, y in loader:\n"
    "    loss = torch.nn.functional.mse_loss(model(x), y)\n"
    "    loss.backward()\n"
    "    optimizer.step()\n"
)
FIXED = BUGGY.replace("loader:\n", "loader:\n    optimizer.zero_grad(set_to_none=True)\n")
COUNT = POOL_MIN_FILES + 8  # enough files to analyse for the pool to start


def _gradfix(*args: str, cwd: Path, dies_on: str | None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", TEST_WORKER_DIES_ON)}
    if dies_on is not None:
        env[TEST_WORKER_DIES_ON] = dies_on
    return subprocess.run([*gradfix_command(), *args], cwd=cwd, capture_output=True, env=env, timeout=300)


def _tree(root: Path) -> list[Path]:
    (root / "pyproject.toml").write_text("[project]\nname = 'p'\n")
    files = [root / f"train_{i:02d}.py" for i in range(COUNT)]
    for path in files:
        path.write_text(BUGGY)
    return files


def test_a_dead_worker_is_an_error_for_its_file_and_the_run_completes(tmp_path: Path) -> None:
    files = _tree(tmp_path)
    victim = files[3]  # early: it is in the first pool's first batch, with others around it

    checked = _gradfix("--jobs", "2", ".", cwd=tmp_path, dies_on=victim.name)
    assert checked.returncode == 2, checked.stderr
    reported = {line.split(":")[0] for line in checked.stdout.decode().splitlines()}
    assert reported == {p.name for p in files if p != victim}  # every other file's finding
    assert (
        f"{victim.name}:1:1: error: internal error: the worker analysing this file died (exit status 70); "
        "file left unchanged"
    ) in checked.stderr.decode()

    written = _gradfix("--write", "--jobs", "2", ".", cwd=tmp_path, dies_on=victim.name)
    assert written.returncode == 2, written.stderr
    assert victim.read_text() == BUGGY
    assert all(p.read_text() == FIXED for p in files if p != victim)
    assert f"{victim.name}:1:1: error: internal error: the worker analysing this file died".encode() in written.stderr

    # the error was not cached: without the hook, the file is analysed (and fixed) as usual
    again = _gradfix("--write", "--jobs", "2", ".", cwd=tmp_path, dies_on=None)
    assert again.returncode == 0, again.stderr
    assert victim.read_text() == FIXED


def test_without_a_pool_the_hook_does_nothing(tmp_path: Path) -> None:
    """--jobs 1 analyses in gradfix's own process: the hook is read in workers only."""
    (tmp_path / "train.py").write_text(BUGGY)
    result = _gradfix("--no-cache", "--jobs", "1", "train.py", cwd=tmp_path, dies_on="train.py")
    assert result.returncode == 1 and result.stdout.startswith(b"train.py:7:5: GF001")
