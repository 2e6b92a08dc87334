"""Resource bounds: memory stays flat however many files there are, and `--jobs` limits the
worker processes."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from conftest import gradfix_command

LOOP = (
    "import torch\n"
    "def train(model, optimizer, loader):\n"
    "    for x, y in loader:\n"
    "        loss = model(x).sum()\n"
    "        loss.backward()\n"
    "        optimizer.step()\n"
)

# Runs gradfix as a child and prints the child's peak resident set size (KiB).
MEASURE = """
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def _make_tree(root: Path, count: int, per_dir: int = 500) -> None:
    payload = b"x = 1\n"
    for d in range(0, count, per_dir):
        folder = root / f"d{d // per_dir:03d}"
        os.mkdir(folder)
        for i in range(min(per_dir, count - d)):
            fd = os.open(folder / f"m{i:03d}.py", os.O_WRONLY | os.O_CREAT, 0o644)
            os.write(fd, payload)
            os.close(fd)


def _peak_rss_kib(root: Path, *args: str) -> int:
    out = subprocess.run(
        [sys.executable, "-c", MEASURE, *gradfix_command(), *args, "."],
        cwd=root, capture_output=True, timeout=500, check=True,
    )
    return int(out.stdout.decode().split()[-1])


def test_memory_stays_flat_on_a_tree_of_50000_files(tmp_path):
    small, large = tmp_path / "small", tmp_path / "large"
    small.mkdir()
    large.mkdir()
    _make_tree(small, 500)
    _make_tree(large, 50_000)
    (large / "d000" / "train.py").write_text(LOOP)  # and one file with real work in it
    (small / "d000" / "train.py").write_text(LOOP)
    baseline = _peak_rss_kib(small, "--jobs", "2")
    peak = _peak_rss_kib(large, "--jobs", "2")
    # 100x the files may cost the list of paths (~100 bytes each), never their contents or trees
    assert peak < baseline + 40 * 1024, (baseline, peak)
    assert peak < 400 * 1024, peak


def _descendants(pid: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _max_workers_seen(root: Path, jobs: str) -> tuple[int, int]:
    process = subprocess.Popen(
        [*gradfix_command(), "--diff", "--jobs", jobs, "."],
        cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    most, samples = 0, 0
    while process.poll() is None:
        most = max(most, len(_descendants(process.pid)))
        samples += 1
        time.sleep(0.01)
    assert process.returncode == 1  # it found (and would fix) the loops
    return most, samples


def test_jobs_limits_the_worker_processes(tmp_path):
    for i in range(60):
        (tmp_path / f"train_{i:02d}.py").write_text(LOOP + f"# {i}\n")
    with_two, samples = _max_workers_seen(tmp_path, "2")
    assert samples > 3
    assert 1 <= with_two <= 2  # it does use workers, and never more than asked
    with_one, _ = _max_workers_seen(tmp_path, "1")
    assert with_one == 0  # --jobs 1: everything in the one process
