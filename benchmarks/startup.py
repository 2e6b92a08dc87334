#!/usr/bin/env python3
"""Start-up benchmark: how long `gradfix FILE` takes on one small file.

Times, `--runs` rounds of every command in turn (median and minimum wall time, median CPU
time of the child):

* `python -c pass` with gradfix's own interpreter (the floor);
* `gradfix --no-cache plain.py`  -- a module without gradient code (targets: <= 80 ms);
* `gradfix --no-cache train.py`  -- a 300-line training script (target: <= 150 ms);
* the same two without `--no-cache`, answered from gradfix's cache (unchanged files);
* `gradfix --version`, `gradfix --list-rules`, `gradfix --explain GF001`;
* with `--ruff PATH`: `ruff check --no-cache FILE` and `ruff check FILE` on the same files,
  and gradfix's time as a multiple of ruff's.

The files (benchmarks/startup_files.py) go into a fresh temporary project (a pyproject.toml,
so gradfix's cache is on by default, in the project's .gradfix_cache/). Every command runs
once before the timed rounds (the cache is filled, the files are in the page cache). The uncached
runs are what every save in an editor and every pre-commit on an edited file cost, so the
targets are judged on them.

    python3 benchmarks/startup.py --gradfix .venv/bin/gradfix --ruff /work/bench-venv/bin/ruff

A benchmark, not a test: nothing here runs in CI. See README.md beside it, and
docs/performance.md for the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import startup_files

TARGETS_MS = {"gradfix --no-cache plain.py": 80.0, "gradfix --no-cache train.py": 150.0}


def time_once(cmd: list[str], cwd: Path) -> tuple[float, float, int]:
    """Wall and CPU time (user + sys of the child) in seconds, and the exit code."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, done.returncode


def time_commands(commands: dict[str, list[str]], cwd: Path, runs: int) -> dict[str, dict[str, object]]:
    """Every command once untimed, then `runs` rounds of every command in turn (round-robin, so
    that a burst of other load hits all of them alike): median and minimum wall time and median
    CPU time, in ms."""
    for cmd in commands.values():
        time_once(cmd, cwd)  # warm-up: page cache, .pyc files, gradfix's cache
    walls: dict[str, list[float]] = {label: [] for label in commands}
    cpus: dict[str, list[float]] = {label: [] for label in commands}
    codes: dict[str, set[int]] = {label: set() for label in commands}
    for round_ in range(runs):
        for label, cmd in commands.items():
            wall, cpu, code = time_once(cmd, cwd)
            walls[label].append(wall)
            cpus[label].append(cpu)
            codes[label].add(code)
        print(f"  round {round_ + 1}/{runs}", file=sys.stderr)
    return {
        label: {
            "median_ms": round(1000 * statistics.median(walls[label]), 1),
            "min_ms": round(1000 * min(walls[label]), 1),
            "cpu_median_ms": round(1000 * statistics.median(cpus[label]), 1),
            "exit_codes": sorted(codes[label]),
        }
        for label in commands
    }


def interpreter_of(script: str) -> str:
    """The Python a console script runs with (its `#!` line), else this one."""
    try:
        with open(script, "rb") as handle:
            first = handle.readline().decode(errors="replace").strip()
    except OSError:
        return sys.executable
    if first.startswith("#!") and "python" in first:
        return first[2:].split()[0]
    return sys.executable


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time gradfix's start-up on one small file.")
    parser.add_argument("--gradfix", default=shutil.which("gradfix"), help="the gradfix executable")
    parser.add_argument("--ruff", help="the ruff executable (optional): adds ruff's times and the ratios")
    parser.add_argument("--runs", type=int, default=10, help="timed runs per command (default 10)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = parser.parse_args(argv)
    if not args.gradfix:
        parser.error("no gradfix on PATH; give --gradfix PATH")
    gradfix = os.path.abspath(args.gradfix)
    python = interpreter_of(gradfix)

    commands: dict[str, list[str]] = {
        "python -c pass": [python, "-c", "pass"],
        "gradfix --no-cache plain.py": [gradfix, "--no-cache", "plain.py"],
        "gradfix --no-cache train.py": [gradfix, "--no-cache", "train.py"],
        "gradfix plain.py (cached)": [gradfix, "plain.py"],
        "gradfix train.py (cached)": [gradfix, "train.py"],
        "gradfix --version": [gradfix, "--version"],
        "gradfix --list-rules": [gradfix, "--list-rules"],
        "gradfix --explain GF001": [gradfix, "--explain", "GF001"],
    }
    ruff_pairs: dict[str, str] = {}
    if args.ruff:
        ruff = os.path.abspath(args.ruff)
        for name in ("plain.py", "train.py"):
            commands[f"ruff check --no-cache {name}"] = [ruff, "check", "--no-cache", name]
            commands[f"ruff check {name} (cached)"] = [ruff, "check", name]
            ruff_pairs[f"gradfix --no-cache {name}"] = f"ruff check --no-cache {name}"
            ruff_pairs[f"gradfix {name} (cached)"] = f"ruff check {name} (cached)"

    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="gradfix-startup-") as folder:
        project = Path(folder)
        (project / "pyproject.toml").write_text("[project]\nname = 'startup-benchmark'\nversion = '0'\n")
        (project / "plain.py").write_text(startup_files.PLAIN)
        (project / "train.py").write_text(startup_files.TRAIN)
        results = time_commands(commands, project, args.runs)
    load_after = os.getloadavg()

    version = subprocess.run([gradfix, "--version"], capture_output=True, text=True, check=False).stdout.strip()
    report = {
        "gradfix": version,
        "python": python,
        "runs": args.runs,
        "lines": {"plain.py": startup_files.PLAIN.count("\n"), "train.py": startup_files.TRAIN.count("\n")},
        "load_average_before_after": [round(load_before[0], 2), round(load_after[0], 2)],
        "results": results,
    }
    headers = ["command", "median ms", "min ms", "CPU ms", "target", "verdict", "x ruff"]
    rows = []
    for label, figures in results.items():
        target = TARGETS_MS.get(label)
        verdict = "" if target is None else ("met" if figures["median_ms"] <= target else "NOT met")
        ratio = ""
        if label in ruff_pairs:
            ratio = f"{figures['median_ms'] / results[ruff_pairs[label]]['median_ms']:.1f}"
        rows.append([label, f"{figures['median_ms']:.1f}", f"{figures['min_ms']:.1f}",
                     f"{figures['cpu_median_ms']:.1f}", "" if target is None else f"<= {target:.0f} ms",
                     verdict, ratio])
    print(f"{version}; {args.runs} runs per command; plain.py {report['lines']['plain.py']} lines, "
          f"train.py {report['lines']['train.py']} lines; load average {load_before[0]:.2f} -> {load_after[0]:.2f}")
    print()
    if args.markdown:
        print("| " + " | ".join(headers) + " |")
        print("|---|" + "---:|" * (len(headers) - 1))
        for row in rows:
            print("| " + " | ".join(row) + " |")
    else:
        widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
        print("  ".join(h.ljust(w) for h, w in zip(headers, widths)))
        for row in rows:
            print("  ".join(c.ljust(w) for c, w in zip(row, widths)))
    if load_before[0] > 0.5 or load_after[0] > 0.5:
        print(f"\nWARNING: load average {max(load_before[0], load_after[0]):.2f}: other processes share the "
              "machine; medians are inflated (the CPU column is less affected).")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
