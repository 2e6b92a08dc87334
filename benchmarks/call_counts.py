#!/usr/bin/env python3
"""Does gradfix do the same work in every run? Python call counts across memory layouts and
hash seeds.

    python benchmarks/call_counts.py TREE [--layouts N] [--seeds S ...] [-- GRADFIX ARGS]

Runs `gradfix --select ALL --no-cache --jobs 1 [GRADFIX ARGS] TREE` from this checkout once per
(layout, seed): the k-th layout allocates 64·k small objects before gradfix is imported (as
`instructions.py --layouts` does), so every object gradfix makes sits at another address; each
seed is a `PYTHONHASHSEED`. Each run counts the calls of every function of gradfix with cProfile,
and prints what differs between the runs, and whether the output (findings, exit code) did.

Counts are keyed by code object: file, first line, qualified name and first column. Not by
`pstats`' (file, line, name): two generator expressions on one line (`any(... for a in args) or
any(... for k in keywords)`) share that key, and `pstats` keeps one of the two entries, which one
following the code objects' addresses. Read that way the counts seem to change with the layout
when nothing does (the sixty-first session traced the "address-dependent" generators of
`gf005_unscaled_accumulation.py` and `gf032_...py` to exactly that; keyed by code object, the
counts of every gradfix function on perf5 are identical in three layouts with one seed).

Work that follows the hash seed is expected where an analysis walks a set of strings and stops
at the first hit of `any` or `all` (the answer does not change); a difference in the output is
a bug. A benchmark, not a test (`tests/test_determinism.py` is the test).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

CHILD = r"""
import cProfile, sys
_pad = [object() for _ in range(int(sys.argv[1]))]
out = sys.argv[2]
from gradfix import cli
profile = cProfile.Profile()
profile.enable()
try:
    cli.main(sys.argv[3:])
except SystemExit as done:
    code = done.code
else:
    code = 0
profile.disable()
counts = {}
for entry in profile.getstats():
    c = entry.code
    if isinstance(c, str) or "gradfix" not in c.co_filename:
        continue
    first = next(iter(c.co_positions()), (None, None, None, None))[2] if hasattr(c, "co_positions") else None
    key = f"{c.co_filename.rsplit('gradfix/', 1)[-1]}:{c.co_firstlineno}:{getattr(c, 'co_qualname', c.co_name)}@{first}"
    counts[key] = counts.get(key, 0) + entry.callcount
with open(out, "w") as f:
    f.write(f"exit {code}\n")
    for key in sorted(counts):
        f.write(f"{key} {counts[key]}\n")
"""


def run(pad: int, seed: str, args: list[str], into: Path) -> tuple[dict[str, str], str]:
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-c", CHILD, str(pad), str(into), *args], env=env, capture_output=True, text=True, check=False)
    lines = into.read_text().splitlines()
    counts = dict(line.rsplit(" ", 1) for line in lines[1:])
    return counts, lines[0] + "\n" + done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tree")
    parser.add_argument("--layouts", type=int, default=3, metavar="N")
    parser.add_argument("--seeds", nargs="+", default=["0"], metavar="S")
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:cut])
    extra = argv[cut + 1 :]
    gradfix_args = ["--select", "ALL", "--no-cache", "--jobs", "1", *extra, args.tree]
    runs = []
    with tempfile.TemporaryDirectory() as folder:
        for seed in args.seeds:
            for layout in range(args.layouts):
                counts, output = run(64 * layout, seed, gradfix_args, Path(folder) / f"{seed}.{layout}")
                runs.append((f"seed {seed} layout {layout}", counts, output))
    name, first, output = runs[0]
    print(f"{name}: {len(first)} functions, {sum(int(v) for v in first.values())} calls")
    same = True
    for other, counts, other_output in runs[1:]:
        changed = sorted(k for k in first.keys() | counts.keys() if first.get(k) != counts.get(k))
        print(f"{other}: {len(changed)} functions counted otherwise; output {'identical' if other_output == output else 'DIFFERS'}")
        for key in changed:
            print(f"    {key}: {first.get(key)} -> {counts.get(key)}")
        same = same and other_output == output
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
