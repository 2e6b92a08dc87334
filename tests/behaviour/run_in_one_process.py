"""Run several training scripts in this one interpreter, torch imported once.

    python run_in_one_process.py SCRIPT...

Each script runs as `__main__` (with `runpy.run_path`) in a fresh namespace, with its
stdout captured; this prints one JSON line per script, in order:

    {"script": "<path>", "ok": true, "stdout": "<what it printed>"}
    {"script": "<path>", "ok": false, "error": "<exception type: message>"}

A script that fails does not stop the others.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import runpy
import sys

import torch


def main(paths: list[str]) -> int:
    torch.set_num_threads(1)
    for path in paths:
        out = io.StringIO()
        record: dict[str, object] = {"script": path}
        cwd = os.getcwd()
        try:
            os.chdir(os.path.dirname(os.path.abspath(path)))
            with contextlib.redirect_stdout(out):
                runpy.run_path(path, run_name="__main__")
        except BaseException as exc:  # SystemExit too: one script must not end the run
            record.update(ok=False, error=f"{type(exc).__name__}: {exc}")
        else:
            record.update(ok=True, stdout=out.getvalue())
        finally:
            os.chdir(cwd)
        print(json.dumps(record), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
