#!/usr/bin/env python3
"""A 5 MB training script: how long gradfix takes to check and to fix it (issue 14: at most 10 s).

    python benchmarks/bigfile.py [--gradfix PATH] [--mb 5] [--runs 3]

The file is generated: a training loop that forgets `optimizer.zero_grad()` (GF001) at the
top, in the middle and at the end, between about 5 MB of ordinary code (functions, classes,
tables, some of it naming `torch`, `loss` and `optimizer` so that the big-file reduction has
work to do). It times `gradfix --no-cache FILE`, `gradfix --no-cache --diff FILE` and
`gradfix --no-cache --write` on a copy, and checks that the written file is exactly the
original with each loop replaced by what `gradfix --write` makes of that loop in a small file
of its own. A benchmark, not a test: nothing is timed in the test suite.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOOP = '''

def train_{n}(model, optimizer, loader, epochs):
    for epoch in range(epochs):
        for x, y in loader:
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()

'''


def filler(index: int) -> str:
    return f'''

class Block{index}(torch.nn.Module):
    """A module that is never trained here (its optimizer lives elsewhere)."""

    def __init__(self, width={index % 7 + 1}):
        super().__init__()
        self.width = width
        self.table = [{", ".join(str(i * index % 97) for i in range(12))}]

    def forward(self, x):
        total = 0
        for value in self.table:
            total += value * self.width
        return x * total


def helper_{index}(values, scale=1.0):
    out = []
    for i, v in enumerate(values):
        if i % 3 == 0:
            out.append(v * scale)
        elif i % 3 == 1:
            out.append(-v)
        else:
            out.append(v + {index})
    return out
''' + (f'''

LOSS_NAMES_{index} = ["loss", "optimizer", "lr"]  # words the reducer keeps, in one block of 25
''' if index % 25 == 0 else "")


def data_filler(index: int) -> str:
    """Generated data: the usual reason a Python file weighs megabytes."""
    values = ", ".join(f"{(i * 7919 + index) % 100003 / 1000:.3f}" for i in range(24))
    return f"TABLE_{index} = (\n    {values},\n)\nCOLUMNS_{index} = {{'id': {index}, 'name': 'column_{index}'}}\n"


FILLERS = {"code": filler, "data": data_filler}


def build(megabytes: float, kind: str = "code") -> tuple[str, list[int]]:
    """The big file's text and the numbers of the loops it holds."""
    target = int(megabytes * 1_000_000)
    parts = ["import torch\n", LOOP.format(n=0)]
    size = sum(map(len, parts))
    index, loops, middle_done = 0, [0], False
    while size < target:
        chunk = FILLERS[kind](index)
        parts.append(chunk)
        size += len(chunk)
        index += 1
        if not middle_done and size > target // 2:
            parts.append(LOOP.format(n=1))
            loops.append(1)
            middle_done = True
    parts.append(LOOP.format(n=2))
    loops.append(2)
    return "".join(parts), loops


def run(cmd: list[str]) -> tuple[float, subprocess.CompletedProcess[bytes]]:
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True)
    return time.perf_counter() - start, done


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gradfix", default=shutil.which("gradfix"), help="the gradfix executable")
    parser.add_argument("--mb", type=float, default=5.0, help="file size in MB (default 5)")
    parser.add_argument("--runs", type=int, default=3, help="runs per command; the median is reported")
    parser.add_argument(
        "--filler", choices=sorted(FILLERS), default="code",
        help="code: modules and helpers naming torch, optimizer, loss throughout (a worst case: the "
        "big-file reduction keeps nearly all of it); data: generated tables (default: code)",
    )
    args = parser.parse_args()
    if not args.gradfix:
        parser.error("no gradfix on PATH: pass --gradfix")
    text, loops = build(args.mb, args.filler)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        big = folder / "big_train.py"
        big.write_text(text)
        # what --write makes of one loop in a small file of its own
        small = folder / "small.py"
        expected = text
        for n in loops:
            small.write_text("import torch\n" + LOOP.format(n=n))
            subprocess.run([args.gradfix, "--no-cache", "--write", str(small)], capture_output=True)
            fixed = small.read_text()[len("import torch\n") :]
            assert fixed != LOOP.format(n=n), "the small loop was not fixed"
            expected = expected.replace(LOOP.format(n=n), fixed, 1)
        print(f"file ({args.filler} filler): {len(text.encode()) / 1e6:.2f} MB, {text.count(chr(10)):,} lines, {len(loops)} training loops")
        rows = []
        for label, extra in (("check", []), ("--diff", ["--diff"]), ("--write", ["--write"])):
            times = []
            for _ in range(args.runs):
                target = big
                if label == "--write":
                    target = folder / "copy.py"
                    target.write_text(text)
                took, done = run([args.gradfix, "--no-cache", *extra, str(target)])
                if done.returncode >= 2:
                    sys.stderr.write(done.stderr.decode())
                    return 2
                times.append(took)
                if label == "--write":
                    assert target.read_text() == expected, "the big file was not fixed like the small ones"
                if label == "check":
                    findings = done.stdout.decode().count(": GF001 ")
                    assert findings == len(loops), f"expected {len(loops)} GF001 findings, got {findings}"
            rows.append((label, statistics.median(times), min(times)))
        print()
        print("| command | median s | min s | target |")
        print("|---|---:|---:|---|")
        for label, median, low in rows:
            verdict = "met" if median <= 10 else "NOT met"
            print(f"| `gradfix --no-cache {label + ' ' if label != 'check' else ''}FILE` | {median:.2f} | {low:.2f} | ≤ 10 s: {verdict} |")
        print()
        print("The written file equals the original with each loop fixed as in a small file: yes")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("NO_COLOR", "1")
    raise SystemExit(main())
