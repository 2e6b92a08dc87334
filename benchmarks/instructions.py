#!/usr/bin/env python3
"""Instructions, not seconds: gradfix at two (or more) commits, on one tree, counted by Valgrind.

    python benchmarks/instructions.py TREE [--rev A] [--rev B] ... [-- GRADFIX ARGS]

On a shared VM the same command's CPU time moves by 30% within an hour, so a change that saves
3% cannot be seen in seconds. The number of instructions a run executes, as Valgrind's
cachegrind counts them (`--cache-sim=no`), does not move: with `PYTHONHASHSEED=0` two runs of
the same commit differ by a few hundred instructions in twelve billion. This script writes
each revision of this repository (`git archive`, default `HEAD`) into a temporary folder,
compiles its modules to bytecode once (so no run counts the compiler), and counts
`python -m gradfix --no-cache --jobs 1 [GRADFIX ARGS] TREE` with that folder first on
`PYTHONPATH` (the interpreter running this script provides LibCST and the other
dependencies). It prints each count and its ratio to the first revision's.

`--layouts N` counts each revision N times, the k-th (k = 0 .. N-1) after allocating 64·k small
objects before gradfix is imported (through a `-c` wrapper that runs the module as `-m` does and
costs about 0.5 M instructions more than `-m`, the same for every layout). That moves every
object created later to another address. CPython (3.10 and later) places a type attribute lookup
in its 4,096-slot cache by the address of the attribute's name: which lookups collide there, and
miss, changes with the layout, and a run's count with it. On perf5 the same work counted from
9,652 M to 9,668 M in five layouts, a span of about 0.16% (the sixty-first session; callgrind:
of a 9.4 M difference between two revisions, 2.1 M was the work one of them leaves out, the rest
type-cache misses and the allocator). A revision's spread over N layouts is the resolution: a
difference smaller than it is not a measured saving.

`--relative` runs gradfix in the tree's parent folder on the tree's name (`cd /work && gradfix
perf5`), as a user in a checkout does (`gradfix .`): without it the tree is counted by its
absolute path, and what the project recomputes for a relative file name is not counted.

`--index` counts one revision twice instead: a check of every file of the tree in one process
with the project index and without it (as `index_cost.py` does in CPU time): what issue 13's
index costs, in instructions. Both analyse as a `--no-cache` check does (no hashes of the files
read), where the revision counted knows how.

Instructions are a proxy: a run that executes fewer of them is faster on the same machine,
but not in proportion (memory stalls, the collector's work). Valgrind slows a run about 25
times: the five real repositories of docs/performance.md take about a minute per count.
A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# In one process, as a check calls it, with the project index (GRADFIX_INDEX=1) or without
# (project_for and open_project answer None: what index_cost.py compares).
INDEX_CHILD = r"""
import os, sys
import gradfix.pipeline as pipeline
import gradfix.project as project
from gradfix import runner
from gradfix.files import discover
from gradfix.pipeline import Options
from gradfix.transforms import ALL_RULES

if os.environ["GRADFIX_INDEX"] == "0":
    project.project_for = lambda *a, **k: None
    pipeline.open_project = lambda *a, **k: None
options = Options(select=frozenset(r.code for r in ALL_RULES if r.code != "GF007"))
# as a `--no-cache` check calls it: without hashing the files read, where a revision knows how
extra = (False,) if "digests" in runner._batch_process.__code__.co_varnames else ()
runner._calm_gc()
findings = 0
for source in discover([sys.argv[1]]):
    with open(source.path, "rb") as handle:
        findings += len(runner._batch_process(source.path, handle.read(), options, "instructions", *extra).diagnostics)
print(findings)
"""


# `python -m gradfix ...` after `PAD` small objects allocated (`--layouts`): the same run, with
# everything it creates at other addresses
LAYOUT_CHILD = r"""
import runpy, sys
_pad = [object() for _ in range(int(sys.argv[1]))]
sys.argv = ["gradfix", *sys.argv[2:]]
runpy.run_module("gradfix", run_name="__main__", alter_sys=True)
"""


def export(rev: str, into: Path) -> Path:
    """The revision's files in `into`, with bytecode compiled."""
    into.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(REPO), "archive", rev], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(into / "gradfix")], check=True)
    return into


def count(command: list[str], env: dict[str, str], cwd: str | None = None) -> tuple[int, str]:
    """Instructions executed by `command` (all its threads), run in `cwd` (default: the exported
    revision's folder), and its standard output."""
    with tempfile.NamedTemporaryFile(suffix=".out") as log:
        done = subprocess.run(
            ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", f"--log-file={log.name}", *command],
            env=env, capture_output=True, text=True, check=False, cwd=cwd or env["PYTHONPATH"],  # not a checkout's own gradfix
        )
        text = Path(log.name).read_text()
    match = re.search(r"I\s+refs:\s+([\d,]+)", text)
    if match is None:
        raise SystemExit(f"valgrind gave no count for {command}: exit {done.returncode}\n{done.stderr[-2000:]}")
    return int(match.group(1).replace(",", "")), done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tree")
    parser.add_argument("--rev", action="append", help="a commit of this repository (repeatable; default HEAD)")
    parser.add_argument("--index", action="store_true", help="with and without the project index, one revision")
    parser.add_argument("--layouts", type=int, default=1, metavar="N", help="count each revision in N memory layouts (min, median, max)")
    parser.add_argument(
        "--relative", action="store_true",
        help="run gradfix in the tree's parent folder on the tree's name (`cd /work && gradfix perf5`), not on its absolute path",
    )  # fmt: skip
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1 :] if "--" in argv else []  # after `--`: more arguments for gradfix
    args = parser.parse_args(argv[: len(argv) - len(extra) - (1 if "--" in argv else 0)])
    args.gradfix_args = extra
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: nothing to count with", file=sys.stderr)
        return 2
    revs = args.rev or ["HEAD"]
    tree = str(Path(args.tree).resolve())
    run_in, given = None, tree  # (None: the exported revision's folder)
    if args.relative:
        run_in, given = os.path.dirname(tree), os.path.basename(tree)
        if os.path.exists(os.path.join(run_in, "gradfix")):  # `-m` puts the current folder first on `sys.path`
            raise SystemExit(f"--relative: {run_in} holds a `gradfix` of its own, which the run would import")
    base_env = {**os.environ, "PYTHONHASHSEED": "0"}
    base_env.pop("PYTHONDONTWRITEBYTECODE", None)
    jobs: list[tuple[str, list[str], dict[str, str]]] = []  # (name, command, environment)
    with tempfile.TemporaryDirectory() as scratch:
        for number, rev in enumerate(revs[:1] if args.index else revs):
            folder = export(rev, Path(scratch) / str(number))
            env = {**base_env, "PYTHONPATH": str(folder)}
            where = subprocess.run(
                [sys.executable, "-c", "import gradfix; print(gradfix.__file__)"], env=env, capture_output=True, text=True, check=True, cwd=folder
            ).stdout.strip()
            if not where.startswith(str(folder)):
                raise SystemExit(f"{rev}: gradfix was imported from {where}, not from the exported tree")
            if args.index:
                if args.relative:
                    raise SystemExit("--relative counts a check run, not --index")
                for index, name in (("1", "with the index"), ("0", "without the index")):
                    jobs.append((f"{rev} {name}", [sys.executable, "-c", INDEX_CHILD, tree], {**env, "GRADFIX_INDEX": index}))
            else:
                gradfix_args = ["--no-cache", "--jobs", "1", *args.gradfix_args, given]
                if args.layouts <= 1:
                    jobs.append((rev, [sys.executable, "-m", "gradfix", *gradfix_args], env))
                # every layout through the same wrapper (it costs about 0.5 M more than `-m`)
                for layout in range(args.layouts if args.layouts > 1 else 0):
                    jobs.append((f"{rev} layout {layout}", [sys.executable, "-c", LAYOUT_CHILD, str(64 * layout), *gradfix_args], env))
        # counts are exact whatever else runs: one per core at a time
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            counted = list(pool.map(lambda job: count(job[1], job[2], run_in), jobs))
    rows = []
    for (name, _, _), (n, out) in zip(jobs, counted):
        lines = out.strip().splitlines()
        rows.append((name, n, (lines[-1] + " findings") if args.index else f"{len(lines)} lines of output"))
    first = rows[0][1]
    print(f"tree: {tree}" + (f" (given as {given} in {run_in})" if args.relative else ""))
    print("| run | instructions | ratio | output |")
    print("|---|---:|---:|---|")
    for name, n, out in rows:
        print(f"| {name} | {n:,} | {n / first:.4f} | {out} |")
    if args.index:
        print(f"\nthe index adds {rows[0][1] / rows[1][1] - 1:+.1%} of the instructions")
    elif args.layouts > 1:
        per_rev = len(rows) // len(revs)
        print("\n| revision | min | median | max | spread |")
        print("|---|---:|---:|---:|---:|")
        medians = []
        for at, rev in enumerate(revs):
            ns = sorted(n for _, n, _ in rows[at * per_rev : (at + 1) * per_rev])
            median = ns[len(ns) // 2] if len(ns) % 2 else (ns[len(ns) // 2 - 1] + ns[len(ns) // 2]) // 2
            medians.append(median)
            print(f"| {rev} | {ns[0]:,} | {median:,} | {ns[-1]:,} | {(ns[-1] - ns[0]) / ns[0]:.3%} |")
        for rev, median in zip(revs[1:], medians[1:]):
            print(f"\n{rev} against {revs[0]}: medians {median / medians[0] - 1:+.3%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
