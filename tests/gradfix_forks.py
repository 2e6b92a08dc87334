"""Run the gradfix command line in forked children of one server that imported gradfix once.

    python gradfix_forks.py        (started by `run_gradfix_forked`, one per test process)

Tests that run the command line hundreds of times (tests/test_projects.py: about nine runs per
case) spent most of each run starting an interpreter and importing gradfix. The server imports
what a run imports, then reads one JSON request per line on stdin:

    {"argv": ["--isolated", "."], "cwd": "<folder>", "env": {...}, "stdin": "<base64>", "timeout": <s>}

forks a child that runs what the `gradfix` console script runs (`gradfix.cli.entry`, which
leaves the process with the command's exit status) with that `sys.argv`, working folder and
environment, the given bytes on its stdin and its stdout and stderr to files, waits for it
(killing it after `timeout`) and answers one JSON line:

    {"returncode": <int>, "stdout": "<base64>", "stderr": "<base64>", "timed_out": false}

Each run is still a process of its own, started from the same state every time (the server
never runs gradfix itself), with its own working folder, environment, exit status and output:
what a test reads of a run is what a fresh `gradfix` would give. What differs: the hash seed of
strings is the server's in every child (tests/test_determinism.py varies it on purpose), and
the interpreter's start-up settings (`PYTHON*` variables) are the server's.
GRADFIX_TEST_SUBPROCESS=1 runs every command as a fresh process instead.
"""

from __future__ import annotations

import base64
import io
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

_FORKS = hasattr(os, "fork") and os.environ.get("GRADFIX_TEST_SUBPROCESS") != "1"


def _child(request: dict, in_fd: int, out_fd: int, err_fd: int) -> None:  # type: ignore[type-arg]
    code = 1
    try:
        os.dup2(in_fd, 0)
        os.dup2(out_fd, 1)
        os.dup2(err_fd, 2)
        # fresh streams over the new descriptors (the server's hold its own buffers)
        # (encodings and error handlers as the interpreter chose them for the server's streams)
        for name, fd, mode, buffered in (("stdin", 0, "r", io.BufferedReader), ("stdout", 1, "w", io.BufferedWriter), ("stderr", 2, "w", io.BufferedWriter)):
            old = getattr(sys, f"__{name}__")
            stream = io.TextIOWrapper(buffered(io.FileIO(fd, mode, closefd=False)), encoding=old.encoding, errors=old.errors, line_buffering=name == "stderr")
            setattr(sys, name, stream)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        sys.argv = ["gradfix", *request["argv"]]
        from gradfix.cli import entry

        entry()  # flushes its output and leaves the process with the command's exit status
    except BaseException:
        import traceback

        traceback.print_exc()
        sys.stderr.flush()
    finally:
        os._exit(code)


def _wait(pid: int, timeout: float) -> tuple[int, bool]:
    deadline = time.monotonic() + timeout
    delay = 0.001
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status), False
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return -signal.SIGKILL, True
        time.sleep(delay)
        delay = min(delay * 2, 0.02)


def serve() -> None:
    # what a `--write` run imports (the rules are imported when the first file is checked)
    import gradfix.analysis.loops
    import gradfix.cli
    import gradfix.pipeline
    import gradfix.runner
    import gradfix.transforms

    requests, answers = sys.stdin, sys.stdout
    for line in requests:
        request = json.loads(line)
        with tempfile.TemporaryFile() as data, tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
            data.write(base64.b64decode(request["stdin"]))
            data.seek(0)
            answers.flush()
            sys.stderr.flush()
            pid = os.fork()
            if pid == 0:
                _child(request, data.fileno(), out.fileno(), err.fileno())
            returncode, timed_out = _wait(pid, float(request["timeout"]))
            out.seek(0)
            err.seek(0)
            answer = {
                "returncode": returncode,
                "stdout": base64.b64encode(out.read()).decode(),
                "stderr": base64.b64encode(err.read()).decode(),
                "timed_out": timed_out,
            }
        answers.write(json.dumps(answer) + "\n")
        answers.flush()


class _Server:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process: subprocess.Popen[str] | None = None
        import atexit

        atexit.register(self.close)

    def close(self) -> None:
        """End the server (at the end of its test process): it leaves when its stdin closes,
        and is waited for, so that its CPU time is counted with the tests' (`time pytest`)."""
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            assert process.stdin is not None
            process.stdin.close()
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def run(self, args: list[str], cwd: Path | None, stdin: bytes | None, env: dict[str, str], timeout: float) -> subprocess.CompletedProcess:  # type: ignore[type-arg]
        request = {
            "argv": args, "cwd": str(cwd if cwd is not None else os.getcwd()), "env": env,
            "stdin": base64.b64encode(stdin or b"").decode(), "timeout": timeout,
        }  # fmt: skip
        with self._lock:
            if self._process is None or self._process.poll() is not None:
                self._process = subprocess.Popen(
                    [sys.executable, str(Path(__file__))], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True
                )
            assert self._process.stdin is not None and self._process.stdout is not None
            self._process.stdin.write(json.dumps(request) + "\n")
            self._process.stdin.flush()
            line = self._process.stdout.readline()
        if not line:
            raise RuntimeError(f"the gradfix fork server died (exit status {self._process.wait()})")
        answer = json.loads(line)
        command = ["gradfix", *args]
        if answer["timed_out"]:
            raise subprocess.TimeoutExpired(command, timeout)
        return subprocess.CompletedProcess(command, answer["returncode"], base64.b64decode(answer["stdout"]), base64.b64decode(answer["stderr"]))


_SERVER = _Server()


def run_gradfix_forked(
    *args: str, cwd: Path | None = None, stdin: bytes | None = None, env: dict[str, str], timeout: float = 300
) -> subprocess.CompletedProcess | None:  # type: ignore[type-arg]
    """`gradfix *args` as conftest.run_gradfix runs it, in a forked child of the server; None
    when forks are not to be used here (no `os.fork`, GRADFIX_TEST_SUBPROCESS=1)."""
    if not _FORKS:
        return None
    return _SERVER.run(list(args), cwd, stdin, env, timeout)


if __name__ == "__main__":
    serve()
