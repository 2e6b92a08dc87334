"""A write interrupted at any point leaves every file either the original or the complete
fixed version, and no stray temporary files; a file changed on disk meanwhile is reported,
not overwritten.

Failures are injected into a real `gradfix` process: a small launcher patches one `os`
function (or kills the process from inside it) and then runs the CLI's `main()`.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from conftest import run_gradfix
from gradfix.runner import Options, process_source
from gradfix.transforms import default_codes

LOOP = (
    "import torch\n"
    "def train(model, optimizer, loader):\n"
    "    for x, y in loader:\n"
    "        loss = model(x).sum()\n"
    "        loss.backward()\n"
    "        optimizer.step()\n"
)
OPTIONS = Options(select=frozenset(default_codes()), fix=True)

LAUNCHER = """
import os, signal, sys
# Ctrl-C in a terminal: a job started in the background by a non-interactive shell (a CI
# script run with `&`) inherits SIGINT ignored, and Python then installs no handler for it
signal.signal(signal.SIGINT, signal.default_int_handler)
real_replace, real_fsync = os.replace, os.fsync
MODE = sys.argv.pop(1)

def replace(src, dst):
    if MODE == "replace-fails":
        raise OSError(5, "Input/output error")
    if MODE == "replace-interrupted":
        raise KeyboardInterrupt
    if MODE == "killed-before-replace":
        os.kill(os.getpid(), signal.SIGKILL)
    return real_replace(src, dst)

def fsync(fd):
    real_fsync(fd)
    if MODE == "sigterm-during-write" and os.path.isfile("{target}"):
        os.kill(os.getpid(), signal.SIGTERM)
    if MODE == "sigint-during-write":
        os.kill(os.getpid(), signal.SIGINT)
    if MODE == "edited-meanwhile":
        with open("{target}", "a") as handle:
            handle.write("# the user's edit\\n")

os.replace, os.fsync = replace, fsync
from gradfix.cli import main
sys.argv[0] = "gradfix"
main()
"""


def _temporaries(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.name.endswith(".gradfix-tmp")]


def _run_with(mode: str, tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    target = tmp_path / "train.py"
    launcher = tmp_path.parent / f"launch_{tmp_path.name}.py"
    launcher.write_text(LAUNCHER.replace("{target}", str(target)))
    return subprocess.run(
        [sys.executable, str(launcher), mode, "--write", "--jobs", "1", *args],
        cwd=tmp_path, capture_output=True, timeout=120,
    )


def _fixed(data: bytes) -> bytes:
    result = process_source("x.py", data, OPTIONS)
    assert result.fixed is not None and result.fixed != data
    return result.fixed


def test_a_failing_replace_leaves_the_original_and_no_temporary(tmp_path):
    (tmp_path / "train.py").write_text(LOOP)
    result = _run_with("replace-fails", tmp_path, "train.py")
    assert result.returncode == 2
    assert "train.py: error: cannot write: Input/output error" in result.stderr.decode()
    assert (tmp_path / "train.py").read_text() == LOOP
    assert _temporaries(tmp_path) == []


def test_an_interrupt_at_the_replace_leaves_the_original_and_no_temporary(tmp_path):
    (tmp_path / "train.py").write_text(LOOP)
    result = _run_with("replace-interrupted", tmp_path, "train.py")
    assert result.returncode != 0
    assert (tmp_path / "train.py").read_text() == LOOP
    assert _temporaries(tmp_path) == []


def test_sigterm_and_sigint_during_a_write_wait_until_the_file_is_complete(tmp_path):
    for mode, status in (("sigterm-during-write", -signal.SIGTERM), ("sigint-during-write", None)):
        (tmp_path / "train.py").write_text(LOOP)
        result = _run_with(mode, tmp_path, "train.py")
        if status is not None:
            assert result.returncode == status, result.stderr.decode()
        else:
            assert result.returncode != 0
        assert (tmp_path / "train.py").read_bytes() == _fixed(LOOP.encode()), mode
        assert _temporaries(tmp_path) == []


def test_killed_just_before_the_replace_the_next_run_cleans_up(tmp_path):
    (tmp_path / "train.py").write_text(LOOP)
    (tmp_path / "other.py").write_text("x = 1\n")
    result = _run_with("killed-before-replace", tmp_path, "train.py")
    assert result.returncode == -signal.SIGKILL
    assert (tmp_path / "train.py").read_text() == LOOP  # the original, untouched
    leftovers = _temporaries(tmp_path)
    assert len(leftovers) == 1  # SIGKILL between naming the temporary and the replace
    assert leftovers[0].read_bytes() == _fixed(LOOP.encode())  # it was complete, just not in place
    again = run_gradfix("--write", "train.py", cwd=tmp_path)
    assert again.returncode == 0, again.stderr.decode()
    assert (tmp_path / "train.py").read_bytes() == _fixed(LOOP.encode())
    assert _temporaries(tmp_path) == []
    assert (tmp_path / "other.py").read_text() == "x = 1\n"


def test_a_temporary_of_a_live_gradfix_process_is_not_touched(tmp_path):
    (tmp_path / "train.py").write_text(LOOP)
    live = tmp_path / f".train.py.gradfix-{os.getpid()}-abcd1234.gradfix-tmp"  # this pytest is alive
    live.write_text("in progress")
    dead = tmp_path / ".train.py.gradfix-999999999-abcd1234.gradfix-tmp"  # no such process
    dead.write_text("stale")
    lookalike = tmp_path / "notes.gradfix-tmp"  # not named like ours
    lookalike.write_text("user file")
    result = run_gradfix("--write", "train.py", cwd=tmp_path)
    assert result.returncode == 0
    assert live.exists() and lookalike.exists() and not dead.exists()


def test_a_file_edited_while_gradfix_runs_is_reported_not_overwritten(tmp_path):
    (tmp_path / "train.py").write_text(LOOP)
    result = _run_with("edited-meanwhile", tmp_path, "train.py")
    assert result.returncode == 2
    assert "train.py: error: changed on disk while gradfix was running; not overwritten" in result.stderr.decode()
    assert (tmp_path / "train.py").read_text() == LOOP + "# the user's edit\n"
    assert _temporaries(tmp_path) == []


def _variant(i: int) -> str:
    names = ("optimizer", "opt", "optimizer", "opt")
    return LOOP.replace("optimizer", names[i % 4]) + f"# file {i % 4}\n"


def test_kill_9_during_a_large_write_run(tmp_path):
    originals = {}
    for d in range(20):
        folder = tmp_path / f"pkg{d:02d}"
        folder.mkdir()
        for i in range(100):
            path = folder / f"m{i:03d}.py"
            text = _variant(i)
            path.write_text(text)
            originals[path] = text.encode()
    fixed = {v: _fixed(v.encode()) for v in {_variant(i) for i in range(4)}}
    from conftest import gradfix_command

    process = subprocess.Popen(
        [*gradfix_command(), "--write", "--jobs", "2", "."],
        cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    first = tmp_path / "pkg00" / "m000.py"
    try:
        deadline = time.monotonic() + 240
        while first.read_bytes() == originals[first] and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.005)
        time.sleep(0.05)  # let it get well into writing
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    changed = 0
    for path, original in originals.items():
        now = path.read_bytes()
        assert now in (original, fixed[original.decode()]), path
        changed += now != original
    assert changed >= 1
    leftovers = _temporaries(tmp_path)
    # O_TMPFILE: a temporary has a name only between its link and the replace
    assert len(leftovers) <= 1, leftovers
    if leftovers:
        folder = leftovers[0].parent
        again = run_gradfix("--write", "--jobs", "1", str(folder), cwd=tmp_path)
        assert again.returncode == 0
        assert _temporaries(folder) == []
