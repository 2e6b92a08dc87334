"""Run training scripts in forked children of one process that imported torch once.

    python forkserver.py        (started by tests/behaviour/harness.py, one per test process)

Every script run of the behaviour tests used to start an interpreter and import torch (about
2-3 s of CPU each, most of the suite's time). This server imports torch (and torch._dynamo,
which building an optimizer would import in every child), then reads one JSON
request per line on stdin:

    {"path": "<script>", "timeout": <seconds>, "preload": ["accelerate", ...]}

imports the `preload` modules in itself (so later children find them imported), forks a child
that runs the script as `python <script>` would (`__main__`, `sys.argv`, `sys.path[0]` and the
working directory set to the script's folder, stdout and stderr to files), waits for it (killing
it after `timeout`), and answers one JSON line:

    {"returncode": <int>, "stdout": "...", "stderr": "...", "timed_out": false}

A request may instead run the gradfix command line:

    {"gradfix": ["--write", "train.py"], "cwd": "<folder>", "pythonpath": [...], "timeout": <seconds>}

The server then imports gradfix once (with `pythonpath` in `sys.path` while it does, where
`PYTHONPATH` would put it), and the child runs what the `gradfix` console script runs
(`gradfix.cli.entry`, which leaves the process with the command's exit status) with that
`sys.argv`, in `cwd`. Each run is still a process of its own, with its own working folder,
exit status and output; it skips only the interpreter's start and gradfix's imports.

Each script still runs in a process of its own, from the same state every time (the server
never runs a script itself), so runs stay independent and deterministic. The server is started
with the environment the harness gives scripts (PYTHONHASHSEED=0, OMP_NUM_THREADS=1).
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import signal
import sys
import tempfile
import time


def _child(path: str, out_fd: int, err_fd: int) -> None:
    """In the forked child: run the script as `python path` would, then _exit (never return)."""
    code = 0
    try:
        os.dup2(out_fd, 1)
        os.dup2(err_fd, 2)
        folder = os.path.dirname(path)
        os.chdir(folder)
        sys.argv = [path]
        sys.path[0] = folder
        import runpy
        import weakref

        # The server's own finalizers (torch.library drops ~170 operator registrations at exit,
        # 0.1-0.3 s) need not run in a child that is about to _exit; the script's still do.
        for finalizer in list(weakref.finalize._registry):  # type: ignore[attr-defined]
            finalizer.atexit = False

        runpy.run_path(path, run_name="__main__")
    except SystemExit as exit_:
        if exit_.code is None:
            code = 0
        elif isinstance(exit_.code, int):
            code = exit_.code
        else:
            print(exit_.code, file=sys.stderr)
            code = 1
    except BaseException:
        import traceback

        traceback.print_exc()
        code = 1
    try:
        import atexit

        atexit._run_exitfuncs()
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)


def _gradfix_child(argv: list[str], cwd: str, pythonpath: list[str], out_fd: int, err_fd: int) -> None:
    """In the forked child: run `gradfix *argv` in `cwd` as the console script would (never return)."""
    code = 1
    try:
        os.dup2(out_fd, 1)
        os.dup2(err_fd, 2)
        os.chdir(cwd)
        sys.argv = ["gradfix", *argv]
        sys.path[1:1] = pythonpath
        import weakref

        for finalizer in list(weakref.finalize._registry):  # type: ignore[attr-defined]
            finalizer.atexit = False  # as in _child: the server's, not the command's
        from gradfix.cli import entry

        entry()  # flushes its output and leaves the process with the command's exit status
    except BaseException:
        import traceback

        traceback.print_exc()
        sys.stderr.flush()
    finally:
        os._exit(code)


def _import_gradfix(pythonpath: list[str]) -> None:
    """Import what a `gradfix --write` run imports, once, before the first gradfix child."""
    if "gradfix.cli" in sys.modules:
        return
    saved = list(sys.path)
    sys.path[1:1] = pythonpath
    try:
        import gradfix.analysis.loops
        import gradfix.cli
        import gradfix.pipeline
        import gradfix.runner
        import gradfix.transforms
    finally:
        sys.path[:] = saved  # the scripts run later see the path they always saw


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
    import torch  # noqa: F401  (the point of the server: imported once, before any fork)

    # Building an optimizer imports torch._dynamo the first time (torch.optim's step and
    # constructors are wrapped by torch._compile's lazy `disable`): 2-4 s in every child, most of
    # a script's run, unless the server has imported it already.
    import torch._dynamo  # noqa: F401

    for line in sys.stdin:
        request = json.loads(line)
        for module in request.get("preload", ()):
            try:
                # (stdout carries the answers: DeepSpeed's logger, built at import, would print
                # its notices there; bound to stderr it writes to each child's stderr file)
                with contextlib.redirect_stdout(sys.stderr):
                    importlib.import_module(module)
            except Exception:  # the script's own import will report it
                pass
        command = request.get("gradfix")
        if command is not None:
            _import_gradfix(request.get("pythonpath", []))
        with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
            sys.stdout.flush()
            sys.stderr.flush()
            pid = os.fork()
            if pid == 0 and command is not None:
                _gradfix_child(command, request["cwd"], request.get("pythonpath", []), out.fileno(), err.fileno())
            elif pid == 0:
                _child(os.path.abspath(request["path"]), out.fileno(), err.fileno())
            returncode, timed_out = _wait(pid, float(request["timeout"]))
            out.seek(0)
            err.seek(0)
            answer = {
                "returncode": returncode,
                "stdout": out.read().decode("utf-8", "replace"),
                "stderr": err.read().decode("utf-8", "replace"),
                "timed_out": timed_out,
            }
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve()
