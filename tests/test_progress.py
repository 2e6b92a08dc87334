"""A progress bar on stderr only when stderr is a terminal, the run is large, and not --quiet."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from conftest import gradfix_command

BUGGY = b"""import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for x, y in batches:
    loss = model(x).sum()
    loss.backward()
    optimizer.step()
"""
FILES = 130


def _many_files(tmp_path: Path) -> None:
    for i in range(FILES):
        (tmp_path / f"m{i:03}.py").write_bytes(b"x = 1\n" if i else BUGGY)


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")}
    env.update(TERM="xterm-256color", COLUMNS="100", LINES="30")
    return env


def _run_with_stderr_on_a_terminal(*args: str, cwd: Path) -> tuple[int, bytes, bytes]:
    main, side = os.openpty()
    process = subprocess.Popen(
        [*gradfix_command(), *args], cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=side, env=_env()
    )
    os.close(side)
    chunks = []
    while True:
        try:
            data = os.read(main, 65536)
        except OSError:  # the terminal is gone: the process closed it
            break
        if not data:
            break
        chunks.append(data)
    os.close(main)
    stdout = process.stdout.read()  # type: ignore[union-attr]
    process.stdout.close()  # type: ignore[union-attr]
    return process.wait(timeout=300), stdout, b"".join(chunks)


def test_progress_on_a_terminal_for_many_files(tmp_path: Path) -> None:
    _many_files(tmp_path)
    code, stdout, terminal = _run_with_stderr_on_a_terminal("-j", "1", ".", cwd=tmp_path)
    assert code == 1
    assert stdout.startswith(b"m000.py:8:5: GF001")  # results still go to stdout, untouched
    assert b"\x1b[" not in stdout
    assert f"/{FILES}".encode() in terminal  # "n/130 files"
    assert b"Found 1 finding" in terminal  # the summary, after the bar


def test_no_progress_with_quiet(tmp_path: Path) -> None:
    _many_files(tmp_path)
    code, stdout, terminal = _run_with_stderr_on_a_terminal("-q", "-j", "1", ".", cwd=tmp_path)
    assert code == 1
    assert f"/{FILES}".encode() not in terminal
    assert terminal.strip() == b""


def test_no_progress_for_a_few_files(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_bytes(BUGGY)
    code, _, terminal = _run_with_stderr_on_a_terminal("a.py", cwd=tmp_path)
    assert code == 1
    assert b"/1 " not in terminal and b"\x1b[?25l" not in terminal  # no bar, no hidden cursor
    assert b"Found 1 finding" in terminal


def test_no_progress_when_piped(tmp_path: Path) -> None:
    _many_files(tmp_path)
    result = subprocess.run([*gradfix_command(), "-j", "1", "."], cwd=tmp_path, capture_output=True, env=_env())
    assert result.returncode == 1
    assert b"\x1b[" not in result.stderr
    assert f"/{FILES}".encode() not in result.stderr
    assert result.stderr.decode().strip().splitlines() == ["Found 1 finding (1 fixable with `gradfix --write`) (130 files checked)."]
