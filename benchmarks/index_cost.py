#!/usr/bin/env python3
"""What the project index costs: CPU time of a check of every file of a tree, in one process,
with the project and without it (a benchmark, not a test).

    python benchmarks/index_cost.py TREE [--runs 5]

"Without" replaces `project_for` (and the pipeline's `open_project`) by functions returning
None: helpers in other modules are unknown, no step function finds callers in other files,
and the prefilter does not look at imported modules. Runs alternate; medians are printed with
the number of findings of each variant (on a tree where the index matters they differ).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

CHILD = r"""
import os, sys, time
import gradfix.pipeline as pipeline
import gradfix.project as project
from gradfix.files import discover
from gradfix import runner
from gradfix.runner import _calm_gc, process_source
from gradfix.pipeline import Options
from gradfix.transforms import ALL_RULES

if os.environ["GRADFIX_INDEX"] == "0":
    project.project_for = lambda *a, **k: None
    pipeline.open_project = lambda *a, **k: None
options = Options(select=frozenset(r.code for r in ALL_RULES if r.code != "GF007"))
process = process_source
batch = getattr(runner, "_batch_process", None)
if batch is not None and "run_id" in batch.__code__.co_varnames:  # as a check run calls it
    # with `--no-cache`: no hashes of the files read, where the revision knows how to skip them
    extra = (False,) if "digests" in batch.__code__.co_varnames else ()
    process = lambda path, data, options: batch(path, data, options, "index-cost", *extra)
_calm_gc()
start = time.process_time()
findings = 0
for source in discover([sys.argv[1]]):
    with open(source.path, "rb") as handle:
        findings += len(process(source.path, handle.read(), options).diagnostics)
print(time.process_time() - start, findings)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tree")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    times: dict[str, list[float]] = {"1": [], "0": []}
    findings: dict[str, int] = {}
    for _ in range(args.runs):
        for index in ("1", "0"):
            out = subprocess.run(
                [sys.executable, "-c", CHILD, args.tree],
                env={**os.environ, "GRADFIX_INDEX": index}, capture_output=True, text=True, check=True,
            ).stdout.split()
            times[index].append(float(out[0]))
            findings[index] = int(out[1])
    with_index, without = statistics.median(times["1"]), statistics.median(times["0"])
    print(f"with the project index:    median {with_index:.3f} s CPU ({' / '.join(f'{t:.2f}' for t in times['1'])}), {findings['1']} findings")
    print(f"without the project index: median {without:.3f} s CPU ({' / '.join(f'{t:.2f}' for t in times['0'])}), {findings['0']} findings")
    print(f"the index adds {100 * (with_index / without - 1):+.1f}% of CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
