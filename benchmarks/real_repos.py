#!/usr/bin/env python3
"""Materialize the real-repository benchmark tree (never inside this repository).

    python benchmarks/real_repos.py /tmp/perf5                      # clone from GitHub
    python benchmarks/real_repos.py /tmp/perf5 --mirrors DIR        # from local bare repos

Writes the five training repositories of docs/performance.md, each at its pinned commit, into
one folder per repository (`owner+name`), then `run.py --corpus /tmp/perf5` times the tools on
it. With `--mirrors`, DIR holds bare git repositories as `DIR/owner+name/<anything>` (the
layout of our fetch tool); files whose blobs a shallow mirror lacks are skipped and counted.
Only the commit's tree is written: no history, nothing executed.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

REPOSITORIES = {  # owner/name -> pinned commit
    "pytorch/examples": "77f55b912142e11fcfdf5b530231fb9c52f181e8",
    "huggingface/pytorch-image-models": "aa4b5850c1543fa488abf260f18390eda46cf85d",
    "eriklindernoren/PyTorch-GAN": "36d3c77e5ff20ebe0aeefd322326a134a279b93e",
    "huggingface/accelerate": "16cb6eb80dd9aa8b4df1a63ef57863e455d53b83",
    "karpathy/nanoGPT": "3adf61e154c3fe3fca428ad6bc3818b27a3b8291",
}


def write_tree(git_dir: Path, commit: str, out: Path) -> tuple[int, int]:
    """The commit's blobs, one by one (symlinks and submodules skipped): (written, missing)."""
    listing = subprocess.run(
        ["git", "--git-dir", str(git_dir), "ls-tree", "-r", "-z", commit], capture_output=True, check=True
    ).stdout
    entries = []
    for record in listing.split(b"\0"):
        if record:
            meta, path = record.split(b"\t", 1)
            mode, kind, sha = meta.split()
            if kind == b"blob" and mode != b"120000":
                entries.append((sha, path.decode("utf-8", "surrogateescape")))
    cat = subprocess.Popen(["git", "--git-dir", str(git_dir), "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert cat.stdin is not None and cat.stdout is not None
    written = missing = 0
    for sha, path in entries:
        cat.stdin.write(sha + b"\n")
        cat.stdin.flush()
        header = cat.stdout.readline().split()
        if len(header) < 3 or header[1] == b"missing":
            missing += 1
            continue
        data = cat.stdout.read(int(header[2]))
        cat.stdout.read(1)
        target = out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        written += 1
    cat.stdin.close()
    cat.wait()
    return written, missing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path, help="folder to create (outside this repository)")
    parser.add_argument("--mirrors", type=Path, help="folder of local bare repositories (owner+name/...)")
    args = parser.parse_args()
    here = Path(__file__).resolve().parent.parent
    out = args.out.resolve()
    if out == here or here in out.parents:
        parser.error("write the tree outside this repository (its code is never committed here)")
    for repository, commit in REPOSITORIES.items():
        folder = out / repository.replace("/", "+")
        if folder.exists():
            print(f"{folder}: exists, kept")
            continue
        if args.mirrors:
            candidates = [p for p in (args.mirrors / repository.replace("/", "+")).glob("*") if (p / "HEAD").exists()]
            if not candidates:
                print(f"{repository}: no bare repository under {args.mirrors}", file=sys.stderr)
                return 2
            written, missing = write_tree(candidates[0], commit, folder)
        else:
            with tempfile.TemporaryDirectory() as tmp:
                git_dir = Path(tmp) / "repo.git"
                url = f"https://github.com/{repository}.git"
                subprocess.run(["git", "clone", "--bare", "--filter=blob:none", "--quiet", url, str(git_dir)], check=True)
                subprocess.run(["git", "--git-dir", str(git_dir), "fetch", "--quiet", "origin", commit], check=False)
                written, missing = write_tree(git_dir, commit, folder)
        print(f"{folder}: {written} files at {commit[:12]}" + (f", {missing} missing from the mirror" if missing else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
