#!/usr/bin/env python3
"""What a pool of workers costs: the CPU of each process of `gradfix --jobs N`, split into the
analysis of files and the rest, against one process (`--jobs 1`).

    .venv/bin/python benchmarks/workers.py TREE [--jobs 2] [--runs 3] [--cpu 0]

Run it with the Python that has gradfix installed. Each run starts gradfix's command line in a
fresh interpreter (as the `gradfix` script does) with `runner._batch_process` wrapped to add up
the CPU time (`time.process_time`) each process spends analysing files; every process writes
its totals when it ends a file (a worker) or exits (the main process). Printed per run:

    jobs 1: main 1.489 s (analysis 1.312 s over 137 files)
    jobs 2: main 0.237 s; worker 0.738 s (analysis 0.712 s, 72 files); worker 0.722 s (...)

and the extra CPU of the pool: all processes of `--jobs N` against `--jobs 1`, of it the
analysis itself (the same files analysed, slower or twice) and the rest (forking, handing
files out and results back). `--cpu 0` pins every process to that CPU (`taskset`), so that
the load of the machine moves both alike; two processes sharing one CPU then also pay for
switching between them, which `--jobs 1` does not.

A benchmark, not a test. See docs/performance.md ("Forty-seventh session") for what it found.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

_CHILD = r"""
import atexit, json, os, sys, time
from gradfix import cli, runner
out = sys.argv.pop(1)
T = time.process_time
totals = {"analysis": 0.0, "files": 0}
real = runner._batch_process
main_pid = os.getpid()

def write(kind):
    with open(os.path.join(out, f"{kind}-{os.getpid()}.json"), "w") as handle:
        json.dump(dict(totals, cpu=T()), handle)

def timed(*args, **kwargs):
    start = T()
    try:
        return real(*args, **kwargs)
    finally:
        totals["analysis"] += T() - start
        totals["files"] += 1
        if os.getpid() != main_pid:
            write("worker")  # (a forked worker starts with its own CPU times at zero)

runner._batch_process = timed
atexit.register(lambda: os.getpid() == main_pid and write("main"))
sys.argv = ["gradfix", *sys.argv[1:]]
try:
    cli.main()
except SystemExit:
    pass
"""


def _one(tree: str, jobs: int, cpu: int | None) -> dict[str, list[dict[str, float]]]:
    out = tempfile.mkdtemp(prefix="gradfix-workers-")
    try:
        command = [sys.executable, "-c", _CHILD, out, "--no-cache", "--jobs", str(jobs), tree]
        if cpu is not None:
            command = ["taskset", "-c", str(cpu), *command]
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        found: dict[str, list[dict[str, float]]] = {"main": [], "worker": []}
        for path in sorted(glob.glob(os.path.join(out, "*.json"))):
            with open(path) as handle:
                found[os.path.basename(path).split("-")[0]].append(json.load(handle))
        return found
    finally:
        shutil.rmtree(out, ignore_errors=True)


def _total(found: dict[str, list[dict[str, float]]]) -> tuple[float, float]:
    """(CPU of every process, CPU of their analyses)."""
    processes = found["main"] + found["worker"]
    return sum(p["cpu"] for p in processes), sum(p["analysis"] for p in processes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tree")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cpu", type=int, default=None, help="pin every process to this CPU")
    args = parser.parse_args()
    extra: list[float] = []
    extra_analysis: list[float] = []
    for run in range(1, args.runs + 1):
        one = _one(args.tree, 1, args.cpu)
        many = _one(args.tree, args.jobs, args.cpu)
        main_one = one["main"][0]
        print(f"run {run}")
        print(f"  jobs 1: main {main_one['cpu']:.3f} s (analysis {main_one['analysis']:.3f} s over {main_one['files']:.0f} files)")
        workers = "; ".join(
            f"worker {w['cpu']:.3f} s (analysis {w['analysis']:.3f} s, {w['files']:.0f} files)" for w in many["worker"]
        )
        print(f"  jobs {args.jobs}: main {many['main'][0]['cpu']:.3f} s; {workers}")
        (cpu_one, analysis_one), (cpu_many, analysis_many) = _total(one), _total(many)
        extra.append(cpu_many - cpu_one)
        extra_analysis.append(analysis_many - analysis_one)
        print(f"  extra CPU of the pool: {cpu_many - cpu_one:+.3f} s ({100 * (cpu_many / cpu_one - 1):+.1f}%), "
              f"of it analysis {analysis_many - analysis_one:+.3f} s, the rest {cpu_many - cpu_one - analysis_many + analysis_one:+.3f} s")
    if args.runs > 1:
        print(f"median extra CPU {statistics.median(extra):+.3f} s, of it analysis {statistics.median(extra_analysis):+.3f} s")


if __name__ == "__main__":
    main()
