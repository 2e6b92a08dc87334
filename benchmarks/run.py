#!/usr/bin/env python3
"""Speed benchmark: gradfix vs ruff vs TorchFix on one tree (synthetic, or ``--corpus DIR``).

Builds (or reuses) a corpus with ``make_corpus.py`` and times, on the same
tree and in one run:

* ``gradfix DIR``                                  (check)
* ``gradfix --diff DIR``
* ``ruff check --select ALL --output-format concise --no-cache DIR``  ("ruff")
* ``ruff check --no-cache DIR``  ("ruff default": ruff's default rules)
* ``torchfix --select ALL DIR``

and, when asked for with ``--tools``, the same checks on one core: ``gradfix --jobs 1 DIR``
("gradfix 1 job") and ruff with ``RAYON_NUM_THREADS=1`` ("ruff 1 thread"). Their ratio is the
work each tool does per file, apart from how it spreads over cores; each tool's one-core time
over its own default time is what it gains from the other cores (on a shared VM, two busy
processes can slow each other down: the gain is the machine's as much as the tool's).

Each tool runs ``--repeat`` times (round-robin, so drift hits every tool
alike) and the median wall time is reported together with files/s, CPU time
and peak memory.  ``--scaling 1000,5000,20000,50000`` additionally times
gradfix check (and ruff) at each corpus size to show that the time grows
linearly.  ``--markdown`` prints the results as Markdown for
docs/performance.md; ``--json FILE`` saves the raw numbers.

``--cache`` times gradfix's result cache on the same tree: a cold run (empty
cache), a warm run (nothing changed since) and a run with ``--no-cache``, and
prints warm/cold against the target (at most 0.1).  The cache goes to a
temporary folder through ``GRADFIX_CACHE_DIR``, never into the tree; every
other gradfix run of the benchmark gets ``--no-cache`` (when the gradfix under
test has it), so that it compares with ``ruff --no-cache``.

This is a benchmark, not a test: it never runs in CI.  See README.md beside it.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_corpus

# ---------------------------------------------------------------------------
# Tools
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Tool:
    key: str          # name used in tables and --tools
    exe: str          # which executable (--gradfix/--ruff/--torchfix)
    args: tuple[str, ...]  # arguments before the directory
    ok_codes: tuple[int, ...]  # exit codes that are not a crash
    note: str
    env: tuple[tuple[str, str], ...] = ()  # set for this tool's runs only


TOOLS: dict[str, Tool] = {
    # gradfix: 0 = clean, 1 = findings, >= 2 = usage error / crash.
    "gradfix": Tool("gradfix", "gradfix", (), (0, 1), "check"),
    "gradfix --diff": Tool("gradfix --diff", "gradfix", ("--diff",), (0, 1),
                           "print fixes as a diff, write nothing"),
    # ruff: 0 = clean, 1 = violations, 2 = abnormal termination.
    "ruff": Tool("ruff", "ruff", ("check", "--select", "ALL", "--output-format", "concise", "--no-cache"), (0, 1),
                 "check --select ALL --output-format concise --no-cache"),
    "ruff default": Tool("ruff default", "ruff", ("check", "--no-cache"), (0, 1),
                         "check --no-cache (ruff's default rules)"),
    # The same work on one core, to tell the work per file from the gain from more cores.
    "gradfix 1 job": Tool("gradfix 1 job", "gradfix", ("--jobs", "1"), (0, 1), "check in one process"),
    "ruff 1 thread": Tool("ruff 1 thread", "ruff", ("check", "--select", "ALL", "--output-format", "concise", "--no-cache"),
                          (0, 1), "as \"ruff\", on one thread", (("RAYON_NUM_THREADS", "1"),)),
    # TorchFix 0.7: findings do not change the exit code; it exits 1 when some
    # file failed to parse/transform and 2 when interrupted.  A 1 is reported
    # as a warning (the timing is still meaningful), anything else is a crash.
    "torchfix": Tool("torchfix", "torchfix", ("--select", "ALL"), (0, 1),
                     "--select ALL"),
}
DEFAULT_TOOLS = ("gradfix", "gradfix --diff", "ruff", "ruff default", "torchfix")

# ---------------------------------------------------------------------------
# Measuring one run
# ---------------------------------------------------------------------------

# Peak memory.  ru_maxrss of RUSAGE_CHILDREN is the maximum over *all* children
# a process has ever waited for, so deltas taken in this long-lived runner are
# meaningless once an earlier child was bigger.  Each measured command
# therefore runs under a fresh, tiny Python wrapper whose only child is the
# tool: the wrapper's RUSAGE_CHILDREN then describes exactly the tool and its
# descendants (the tool reaps its own workers, and their usage rolls up into
# it).  ru_maxrss is the RSS of the *largest single process* of that tree, and
# ru_utime + ru_stime is the CPU time of the whole tree.  The wrapper also
# takes the wall time (perf_counter around the child), so its own start-up is
# not counted.
#
# For multi-process tools (TorchFix's worker pool, possibly gradfix's) the
# largest process understates the total, so the runner also samples the whole
# process tree every --sample-ms and sums each process' PSS (proportional set
# size from /proc/PID/smaps_rollup, which splits pages shared after fork()
# fairly instead of counting them once per worker).  That "tree PSS" is a
# sampled peak: spikes shorter than the interval can be missed.
WRAPPER = r"""
import json, resource, subprocess, sys, time
cmd = json.loads(sys.argv[1])
with open(sys.argv[2], "wb") as out, open(sys.argv[3], "wb") as err:
    t0 = time.perf_counter()
    rc = subprocess.call(cmd, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"rc": rc, "wall": wall, "maxrss_kb": ru.ru_maxrss,
                  "cpu": ru.ru_utime + ru.ru_stime}))
"""


def _ppid_map() -> dict[int, int]:
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as fh:
                stat = fh.read()
        except OSError:
            continue
        # the command name may contain spaces/parens: split after the last ')'
        rest = stat[stat.rfind(b")") + 2:].split()
        parents[int(entry)] = int(rest[1])
    return parents


def _pss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup", "rb") as fh:
            for line in fh:
                if line.startswith(b"Pss:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    try:  # fallback: RSS
        with open(f"/proc/{pid}/status", "rb") as fh:
            for line in fh:
                if line.startswith(b"VmRSS:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


class TreeSampler(threading.Thread):
    """Samples the summed PSS of all descendants of ``root`` (not root itself)."""

    def __init__(self, root: int, interval: float) -> None:
        super().__init__(daemon=True)
        self.root = root
        self.interval = interval
        self.peak_kb = 0
        self.max_procs = 0
        self._stop_event = threading.Event()

    def run(self) -> None:
        while not self._stop_event.is_set():
            parents = _ppid_map()
            children: dict[int, list[int]] = {}
            for pid, ppid in parents.items():
                children.setdefault(ppid, []).append(pid)
            todo = list(children.get(self.root, []))
            total = 0
            procs = 0
            while todo:
                pid = todo.pop()
                total += _pss_kb(pid)
                procs += 1
                todo.extend(children.get(pid, []))
            self.peak_kb = max(self.peak_kb, total)
            self.max_procs = max(self.max_procs, procs)
            self._stop_event.wait(self.interval)

    def stop(self) -> None:
        self._stop_event.set()
        self.join()


@dataclass
class RunResult:
    rc: int
    wall: float
    cpu: float
    maxrss_kb: int
    tree_pss_kb: int
    procs: int
    stdout_lines: int
    stderr_tail: str
    # Average number of cores busy with *other* work while the tool ran
    # (machine-wide busy time from /proc/stat minus the tool's own CPU time).
    # Anything well above 0 means the timing was disturbed.
    background_cores: float = 0.0


def _busy_seconds() -> float:
    """Machine-wide non-idle CPU time from /proc/stat (0 where unavailable)."""
    try:
        with open("/proc/stat") as fh:
            fields = fh.readline().split()[1:]
    except OSError:
        return 0.0
    vals = [int(v) for v in fields]
    # user nice system idle iowait irq softirq steal guest guest_nice
    busy = vals[0] + vals[1] + vals[2] + vals[5] + vals[6] + (vals[7] if len(vals) > 7 else 0)
    return busy / os.sysconf("SC_CLK_TCK")


def measure(cmd: Sequence[str], workdir: Path, sample_ms: float, env: dict[str, str]) -> RunResult:
    out_path = workdir / "stdout.txt"
    err_path = workdir / "stderr.txt"
    # A session of its own, so that an interrupted benchmark can end the whole
    # tool process tree (the tool's workers included) and leave nothing behind.
    proc = subprocess.Popen(
        [sys.executable, "-c", WRAPPER, json.dumps(list(cmd)), str(out_path), str(err_path)],
        stdout=subprocess.PIPE, env=env, start_new_session=True,
    )
    busy0 = _busy_seconds()
    sampler = TreeSampler(proc.pid, sample_ms / 1000.0) if sample_ms > 0 else None
    if sampler:
        sampler.start()
    try:
        # Poll rather than block in communicate(): a signal (SIGTERM, Ctrl-C)
        # may be delivered to the sampler thread, and the main thread only
        # runs Python's signal handlers when it wakes up.  The wrapper prints
        # one short line, far less than a pipe buffer, so waiting first is safe.
        while True:
            try:
                proc.wait(timeout=0.2)
                break
            except subprocess.TimeoutExpired:
                continue
        stdout = proc.stdout.read() if proc.stdout else b""
    except BaseException:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        proc.wait()
        raise
    finally:
        if sampler:
            sampler.stop()
    busy = _busy_seconds() - busy0
    if proc.returncode != 0:
        raise RuntimeError(f"measurement wrapper failed for {cmd}")
    data = json.loads(stdout)
    with open(out_path, "rb") as fh:
        stdout_lines = sum(1 for _ in fh)
    err = err_path.read_bytes()[-2000:].decode("utf-8", "replace")
    return RunResult(
        rc=data["rc"], wall=data["wall"], cpu=data["cpu"], maxrss_kb=data["maxrss_kb"],
        tree_pss_kb=sampler.peak_kb if sampler else 0,
        procs=sampler.max_procs if sampler else 0,
        stdout_lines=stdout_lines, stderr_tail=err,
        background_cores=max(0.0, (busy - data["cpu"]) / data["wall"]) if data["wall"] else 0.0,
    )


def tree_fingerprint(root: Path) -> tuple[int, int, int]:
    """(files, total size, newest mtime_ns): detects a tool writing to the tree."""
    n = size = newest = 0
    for dirpath, _dirs, names in os.walk(root):
        for name in names:
            st = os.stat(os.path.join(dirpath, name))
            n += 1
            size += st.st_size
            newest = max(newest, st.st_mtime_ns)
    return n, size, newest


# ---------------------------------------------------------------------------
# Corpus
# ---------------------------------------------------------------------------


def get_corpus(root: Path, files: int, seed: int, torch_share: float,
               training_share: float) -> tuple[Path, dict[str, object]]:
    path = root / f"corpus-n{files}-s{seed}-v{make_corpus.GENERATOR_VERSION}"
    manifest_file = path / make_corpus.MANIFEST_NAME
    if manifest_file.exists():
        manifest = json.loads(manifest_file.read_text())
        if (manifest.get("files") == files and manifest.get("seed") == seed
                and manifest.get("generator_version") == make_corpus.GENERATOR_VERSION
                and manifest.get("torch_share") == torch_share
                and manifest.get("training_share") == training_share):
            print(f"reusing corpus {path}", file=sys.stderr)
            return path, manifest
    print(f"generating corpus of {files} files in {path} ...", file=sys.stderr)
    manifest = make_corpus.generate(path, files, seed, training_share, torch_share,
                                    verify=True, quiet=False)
    print(f"  done in {manifest['seconds']} s", file=sys.stderr)
    return path, manifest


# ---------------------------------------------------------------------------
# Reporting helpers
# ---------------------------------------------------------------------------


@dataclass
class ToolSummary:
    tool: str
    command: str
    files: int
    runs: list[RunResult] = field(default_factory=list)

    @property
    def wall(self) -> float:
        return statistics.median(r.wall for r in self.runs)

    @property
    def files_per_s(self) -> float:
        return self.files / self.wall if self.wall else float("inf")

    @property
    def cpu(self) -> float:
        return statistics.median(r.cpu for r in self.runs)

    @property
    def maxrss_mb(self) -> float:
        return max(r.maxrss_kb for r in self.runs) / 1024

    @property
    def tree_pss_mb(self) -> float:
        return max(r.tree_pss_kb for r in self.runs) / 1024

    @property
    def procs(self) -> int:
        return max(r.procs for r in self.runs)

    @property
    def background(self) -> float:
        return statistics.median(r.background_cores for r in self.runs)

    def as_dict(self) -> dict[str, object]:
        return {
            "tool": self.tool, "command": self.command, "files": self.files,
            "wall_median_s": round(self.wall, 4),
            "wall_all_s": [round(r.wall, 4) for r in self.runs],
            "files_per_s": round(self.files_per_s, 1),
            "cpu_median_s": round(self.cpu, 3),
            "peak_rss_largest_process_mb": round(self.maxrss_mb, 1),
            "peak_tree_pss_mb": round(self.tree_pss_mb, 1),
            "max_processes": self.procs,
            "background_cores_median": round(self.background, 2),
            "exit_codes": sorted({r.rc for r in self.runs}),
            "stdout_lines": self.runs[-1].stdout_lines if self.runs else 0,
        }


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def tool_version(exe: str) -> str:
    try:
        res = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=120,
                             check=False)
        return (res.stdout.strip() or res.stderr.strip()).splitlines()[0]
    except (OSError, subprocess.SubprocessError, IndexError):
        return "unknown"


def fmt_table(headers: Sequence[str], rows: Sequence[Sequence[str]], markdown: bool) -> str:
    if markdown:
        out = ["| " + " | ".join(headers) + " |",
               "|" + "|".join("---:" if i else "---" for i in range(len(headers))) + "|"]
        out += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(out)
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    line = "  ".join(h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(headers, widths)))
    out = [line, "-" * len(line)]
    for r in rows:
        out.append("  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                             for i, (c, w) in enumerate(zip(r, widths))))
    return "\n".join(out)


def linear_fit(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float, float]:
    """Least squares y = a + b*x; returns (a, b, r2)."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    b = sxy / sxx if sxx else 0.0
    a = my - b * mx
    ss_tot = sum((y - my) ** 2 for y in ys)
    ss_res = sum((y - (a + b * x)) ** 2 for x, y in zip(xs, ys))
    r2 = 1 - ss_res / ss_tot if ss_tot else 1.0
    return a, b, r2


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------


def resolve_exes(args: argparse.Namespace, needed: Sequence[str]) -> dict[str, str]:
    exes: dict[str, str] = {}
    missing = []
    for exe in sorted(set(needed)):
        given = getattr(args, exe)
        path = given or shutil.which(exe)
        if not path or not (os.path.isfile(path) and os.access(path, os.X_OK)):
            missing.append(f"{exe} (give --{exe} PATH or put it on PATH)")
            continue
        exes[exe] = os.path.abspath(path)
    if missing:
        sys.exit("benchmark: cannot find " + "; ".join(missing))
    return exes


def run_tools(tools: Sequence[str], exes: dict[str, str], corpus: Path, files: int,
              repeat: int, sample_ms: float, workdir: Path, env: dict[str, str],
              label: str = "", repeat_for: dict[str, int] | None = None) -> dict[str, ToolSummary]:
    summaries = {
        key: ToolSummary(key, " ".join([*(f"{k}={v}" for k, v in TOOLS[key].env), TOOLS[key].exe, *TOOLS[key].args, "DIR"]), files)
        for key in tools
    }
    before = tree_fingerprint(corpus)
    counts = {key: (repeat_for or {}).get(key, repeat) for key in tools}
    no_cache = {exes[TOOLS[key].exe]: supports_no_cache(exes[TOOLS[key].exe])
                for key in tools if TOOLS[key].exe == "gradfix"}
    for rep in range(max(counts.values())):
        for key in tools:
            if rep >= counts[key]:
                continue
            tool = TOOLS[key]
            # results from the cache would not compare with `ruff --no-cache`
            extra = ["--no-cache"] if tool.exe == "gradfix" and no_cache.get(exes[tool.exe]) else []
            cmd = [exes[tool.exe], *tool.args, *extra, str(corpus)]
            res = measure(cmd, workdir, sample_ms, {**env, **dict(tool.env)})
            status = "" if res.rc == 0 else f" (exit {res.rc})"
            print(f"  {label}{key:<15} run {rep + 1}/{counts[key]}: {res.wall:8.2f} s"
                  f"  cpu {res.cpu:7.2f} s  rss {res.maxrss_kb / 1024:7.1f} MB"
                  f"  tree-pss {res.tree_pss_kb / 1024:7.1f} MB"
                  f"  other-load {res.background_cores:4.2f} cores{status}", file=sys.stderr)
            if res.rc not in tool.ok_codes:
                sys.exit(f"benchmark: {key} crashed with exit code {res.rc}:\n{res.stderr_tail}")
            if key == "torchfix" and res.rc == 1:
                print("  warning: torchfix reported files it failed to process", file=sys.stderr)
            after = tree_fingerprint(corpus)
            if after != before:
                sys.exit(f"benchmark: {key} modified the corpus tree ({before} -> {after})")
            summaries[key].runs.append(res)
    return summaries


def supports_no_cache(exe: str) -> bool:
    """gradfix from before the cache has no --no-cache (and caches nothing)."""
    try:
        res = subprocess.run([exe, "--help"], capture_output=True, text=True, timeout=120, check=False)
    except (OSError, subprocess.SubprocessError):
        return False
    return "--no-cache" in res.stdout


def run_cache(exe: str, corpus: Path, files: int, repeat: int, sample_ms: float, workdir: Path,
              env: dict[str, str], extra: Sequence[str]) -> dict[str, object]:
    """Cold (empty cache), warm (unchanged tree) and --no-cache runs of `gradfix [extra] DIR`,
    round-robin; the warm run's output must be the cold run's, byte for byte."""
    import hashlib

    cache_dir = workdir / "gradfix-cache"
    cache_env = {**env, "GRADFIX_CACHE_DIR": str(cache_dir)}
    runs: dict[str, list[RunResult]] = {"cold": [], "warm": [], "no-cache": []}
    before = tree_fingerprint(corpus)
    for rep in range(repeat):
        shutil.rmtree(cache_dir, ignore_errors=True)
        outputs = {}
        for kind, args in (("cold", ()), ("warm", ()), ("no-cache", ("--no-cache",))):
            cmd = [exe, *extra, *args, str(corpus)]
            res = measure(cmd, workdir, sample_ms, cache_env)
            print(f"  cache {kind:<9} run {rep + 1}/{repeat}: {res.wall:8.3f} s  cpu {res.cpu:7.3f} s"
                  f"  other-load {res.background_cores:4.2f} cores"
                  + ("" if res.rc == 0 else f" (exit {res.rc})"), file=sys.stderr)
            if res.rc not in (0, 1):
                sys.exit(f"benchmark: gradfix crashed with exit code {res.rc}:\n{res.stderr_tail}")
            outputs[kind] = hashlib.sha256((workdir / "stdout.txt").read_bytes()).hexdigest()
            runs[kind].append(res)
        if len(set(outputs.values())) != 1:
            sys.exit("benchmark: the warm (cached) run printed something else than the cold run")
        if tree_fingerprint(corpus) != before:
            sys.exit("benchmark: gradfix wrote into the tree")
    cache_bytes = sum(f.stat().st_size for f in cache_dir.rglob("*") if f.is_file())
    med = {k: statistics.median(r.wall for r in v) for k, v in runs.items()}
    cpu = {k: statistics.median(r.cpu for r in v) for k, v in runs.items()}
    return {
        "command": " ".join(["gradfix", *extra, "DIR"]),
        "files": files,
        "cache_mb": round(cache_bytes / 1e6, 2),
        "runs": {k: [{"wall": round(r.wall, 4), "cpu": round(r.cpu, 4),
                      "other_load": round(r.background_cores, 2)} for r in v] for k, v in runs.items()},
        "wall_median_s": {k: round(v, 4) for k, v in med.items()},
        "cpu_median_s": {k: round(v, 4) for k, v in cpu.items()},
        "warm_over_cold": round(med["warm"] / med["cold"], 4),
        "warm_over_no_cache": round(med["warm"] / med["no-cache"], 4),
        "cold_over_no_cache": round(med["cold"] / med["no-cache"], 4),
        "warm_over_cold_cpu": round(cpu["warm"] / cpu["cold"], 4),
    }


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Time gradfix against ruff and TorchFix on one corpus.")
    p.add_argument("--files", type=int, default=5000, help="corpus size (default 5000)")
    p.add_argument("--seed", type=int, default=1, help="corpus seed (default 1)")
    p.add_argument("--torch-share", type=float, default=0.25,
                   help="share of non-training modules that use torch (default 0.25)")
    p.add_argument("--training-share", type=float, default=0.05,
                   help="share of modules with a training loop (default 0.05)")
    p.add_argument("--corpus-root", type=Path,
                   default=Path(tempfile.gettempdir()) / "gradfix-bench",
                   help="where corpora are built and reused (default: $TMPDIR/gradfix-bench)")
    p.add_argument("--corpus", type=Path, help="use this existing tree instead of generating one")
    p.add_argument("--repeat", type=int, default=3, help="runs per tool; the median is reported")
    p.add_argument("--torchfix-repeat", type=int,
                   help="runs for torchfix only (it is ~100x slower; default: --repeat)")
    p.add_argument("--tools", default=",".join(DEFAULT_TOOLS),
                   help=f"comma-separated subset of: {', '.join(TOOLS)}")
    p.add_argument("--gradfix", help="path to the gradfix executable")
    p.add_argument("--ruff", help="path to the ruff executable")
    p.add_argument("--torchfix", help="path to the torchfix executable")
    p.add_argument("--scaling", help="comma-separated corpus sizes, e.g. 1000,5000,20000,50000")
    p.add_argument("--scaling-tools", default="gradfix,ruff",
                   help="tools timed at each --scaling size (default gradfix,ruff)")
    p.add_argument("--scaling-repeat", type=int, help="runs per size (default: --repeat)")
    p.add_argument("--skip-main", action="store_true",
                   help="only run the --scaling series and/or --cache")
    p.add_argument("--cache", action="store_true",
                   help="time gradfix's result cache: cold, warm and --no-cache runs (warm/cold target <= 0.1)")
    p.add_argument("--cache-args", default="",
                   help="extra gradfix arguments for --cache, e.g. '--diff' (default: none, a check)")
    p.add_argument("--sample-ms", type=float, default=250.0,
                   help="process-tree memory sampling interval; 0 disables (default 250)")
    p.add_argument("--markdown", action="store_true", help="print the report as Markdown")
    p.add_argument("--json", type=Path, help="write raw results to this file")
    p.add_argument("--report-from", type=Path, metavar="JSON",
                   help="only print the report saved earlier with --json")
    args = p.parse_args(argv)

    if args.report_from:
        print_report(json.loads(args.report_from.read_text()), args.markdown)
        return 0
    # SIGTERM ends the benchmark like Ctrl-C: the running tool's tree is ended too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("benchmark: terminated"))

    tools = [t.strip() for t in args.tools.split(",") if t.strip()]
    scaling_tools = [t.strip() for t in args.scaling_tools.split(",") if t.strip()]
    for t in tools + scaling_tools:
        if t not in TOOLS:
            p.error(f"unknown tool {t!r}; choose from {', '.join(TOOLS)}")
    sizes = [int(s) for s in args.scaling.split(",")] if args.scaling else []
    needed = [] if args.skip_main else [TOOLS[t].exe for t in tools]
    if args.cache:
        needed.append("gradfix")
    if sizes:
        needed += [TOOLS[t].exe for t in scaling_tools]
    exes = resolve_exes(args, needed)

    env = dict(os.environ)
    env.setdefault("NO_COLOR", "1")  # identical, uncoloured output for every tool

    machine = {
        "cores": os.cpu_count(),
        "usable_cores": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count(),
        "cpu_model": cpu_model(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "memory_gb": round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30, 1),
    }
    versions = {exe: tool_version(path) for exe, path in exes.items()}
    report: dict[str, object] = {"machine": machine, "versions": versions,
                                 "command": " ".join([Path(sys.argv[0]).name, *sys.argv[1:]])}
    print(f"machine: {machine['cores']} cores ({machine['cpu_model']}), Python {machine['python']}",
          file=sys.stderr)
    print("versions: " + ", ".join(f"{k} {v}" for k, v in versions.items()), file=sys.stderr)

    workdir = Path(tempfile.mkdtemp(prefix="gradfix-bench-out-"))
    try:
        if not args.skip_main or args.cache:
            if args.corpus:
                corpus = args.corpus
                manifest = {"files": sum(1 for _ in corpus.rglob("*.py")), "external": True}
            else:
                corpus, manifest = get_corpus(args.corpus_root, args.files, args.seed,
                                              args.torch_share, args.training_share)
            files = int(manifest["files"])  # type: ignore[arg-type]
            report["corpus"] = {"path": str(corpus), **manifest}
        if args.cache:
            report["cache"] = run_cache(exes["gradfix"], corpus, files, args.repeat, args.sample_ms,
                                        workdir, env, args.cache_args.split())
        if not args.skip_main:
            repeat_for = {"torchfix": args.torchfix_repeat} if args.torchfix_repeat else None
            summaries = run_tools(tools, exes, corpus, files, args.repeat, args.sample_ms,
                                  workdir, env, repeat_for=repeat_for)
            report["results"] = [s.as_dict() for s in summaries.values()]
            ratios = {}
            for num in ("gradfix", "gradfix --diff"):
                for den in ("ruff", "ruff default", "torchfix"):
                    if num in summaries and den in summaries:
                        ratios[f"{num}/{den}"] = summaries[num].wall / summaries[den].wall
            # per core, and what each tool gains from the other cores
            for num, den in (("gradfix 1 job", "ruff 1 thread"), ("gradfix 1 job", "gradfix"), ("ruff 1 thread", "ruff")):
                if num in summaries and den in summaries:
                    ratios[f"{num}/{den}"] = summaries[num].wall / summaries[den].wall
            report["ratios"] = {k: round(v, 3) for k, v in ratios.items()}
            # Same ratios on CPU time (user+sys of the process tree): less
            # sensitive to other load on the machine, blind to parallelism.
            cpu_ratios = {}
            for k in ratios:
                num, den = k.split("/")
                cpu_ratios[k] = summaries[num].cpu / summaries[den].cpu
            report["cpu_ratios"] = {k: round(v, 3) for k, v in cpu_ratios.items()}

        if sizes:
            series = []
            rep = args.scaling_repeat or args.repeat
            for n in sizes:
                corpus_n, manifest_n = get_corpus(args.corpus_root, n, args.seed,
                                                  args.torch_share, args.training_share)
                summ = run_tools(scaling_tools, exes, corpus_n, n, rep, args.sample_ms,
                                 workdir, env, label=f"[{n} files] ")
                series.append({"files": n, "total_lines": manifest_n["total_lines"],
                               "results": {k: s.as_dict() for k, s in summ.items()}})
            report["scaling"] = series
    finally:
        shutil.rmtree(workdir, ignore_errors=True)

    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")
    print_report(report, args.markdown)
    return 0


def print_report(report: dict[str, object], markdown: bool) -> None:
    m = report["machine"]  # type: ignore[index]
    h = "### " if markdown else ""
    print(f"{h}Machine")
    print()
    print(f"- cores: {m['cores']} (usable: {m['usable_cores']}), CPU: {m['cpu_model']}, "
          f"memory: {m['memory_gb']} GiB")
    print(f"- Python {m['python']} on {m['platform']}")
    print("- versions: " + ", ".join(f"{k} {v}" for k, v in report["versions"].items()))  # type: ignore[union-attr]
    print()
    if "results" in report:
        c = report["corpus"]  # type: ignore[index]
        print(f"{h}Corpus")
        print()
        if c.get("external"):
            print(f"- external tree {c['path']}: {c['files']} files")
        else:
            print(f"- {c['files']} files in {c['folders']} folders, {c['total_lines']:,} lines, "
                  f"{c['total_bytes'] / 1e6:.1f} MB (lines per file: min {c['lines_min']}, "
                  f"median {c['lines_median']:.0f}, max {c['lines_max']})")
            print(f"- {c['training_files']} files with a training loop "
                  f"({100 * c['training_files'] / c['files']:.1f}%; bugs: "
                  + ", ".join(f"{k} {v}" for k, v in c["training_bugs"].items()) + ")")
            print(f"- {c['torch_files']} files mention torch "
                  f"({100 * c['torch_files'] / c['files']:.1f}%, the files TorchFix parses)")
        print()
        print(f"{h}Results (median wall time of the runs listed)")
        print()
        headers = ["tool", "wall s", "runs s", "files/s", "CPU s", "peak RSS MB (largest proc)",
                   "peak PSS MB (whole tree)", "procs", "other load", "exit"]
        rows = []
        for r in report["results"]:  # type: ignore[union-attr]
            rows.append([r["tool"], f"{r['wall_median_s']:.2f}",
                         " / ".join(f"{w:.1f}" for w in r["wall_all_s"]),
                         f"{r['files_per_s']:,.0f}",
                         f"{r['cpu_median_s']:.2f}", f"{r['peak_rss_largest_process_mb']:.0f}",
                         f"{r['peak_tree_pss_mb']:.0f}", str(r["max_processes"]),
                         f"{r['background_cores_median']:.2f}",
                         ",".join(map(str, r["exit_codes"]))])
        print(fmt_table(headers, rows, markdown))
        print()
        print("CPU s = user+sys of the whole process tree; peak RSS = largest single process "
              "(getrusage); peak PSS = sampled sum over all processes of the tool; other load = "
              "cores busy with other work during the run (should be ~0).")
        print()
        ratios = report.get("ratios", {})
        if ratios:
            print(f"{h}Ratios (wall time)")
            print()
            targets = {"gradfix/ruff": 1.0, "gradfix/ruff default": 1.0, "gradfix/torchfix": 0.05}
            cpu_ratios = report.get("cpu_ratios", {})
            rows = []
            for k, v in ratios.items():  # type: ignore[union-attr]
                t = targets.get(k)
                verdict = "" if t is None else ("met" if v <= t else "NOT met")
                rows.append([k, f"{v:.3f}", "" if t is None else f"<= {t}", verdict,
                             f"{cpu_ratios.get(k, float('nan')):.3f}"])  # type: ignore[union-attr]
            print(fmt_table(["ratio", "wall-time ratio", "target", "verdict", "CPU-time ratio"],
                            rows, markdown))
            print()
            if any(k.startswith(("gradfix 1 job/", "ruff 1 thread/")) for k in ratios):  # type: ignore[union-attr]
                print("`gradfix 1 job/ruff 1 thread`: the two on one core each. `gradfix 1 job/gradfix` and "
                      "`ruff 1 thread/ruff`: what each gains from the other cores (above 1 is a gain).")
                print()
    if "cache" in report:
        c = report["cache"]  # type: ignore[assignment]
        print(f"{h}Result cache: `{c['command']}` on {c['files']:,} files")  # type: ignore[index]
        print()
        rows = []
        labels = {"cold": "cold (empty cache)", "warm": "warm (nothing changed)", "no-cache": "--no-cache"}
        for kind, label in labels.items():
            runs = c["runs"][kind]  # type: ignore[index]
            rows.append([label, f"{c['wall_median_s'][kind]:.3f}",  # type: ignore[index]
                         " / ".join(f"{r['wall']:.3f}" for r in runs),
                         f"{c['cpu_median_s'][kind]:.3f}",  # type: ignore[index]
                         f"{max(r['other_load'] for r in runs):.2f}"])
        print(fmt_table(["run", "wall s", "runs s", "CPU s", "other load (max)"], rows, markdown))
        print()
        ratio = c["warm_over_cold"]  # type: ignore[index]
        print(f"- warm / cold: {ratio:.3f} wall, {c['warm_over_cold_cpu']:.3f} CPU "  # type: ignore[index]
              f"(target <= 0.1: {'met' if ratio <= 0.1 else 'NOT met'}); "
              f"warm / --no-cache: {c['warm_over_no_cache']:.3f}; "  # type: ignore[index]
              f"cold / --no-cache: {c['cold_over_no_cache']:.3f} (the cost of filling the cache); "  # type: ignore[index]
              f"cache size {c['cache_mb']} MB")  # type: ignore[index]
        print()
    if "scaling" in report:
        print(f"{h}Scaling")
        print()
        series = report["scaling"]  # type: ignore[assignment]
        tools = list(series[0]["results"].keys())
        headers = ["files", "lines"]
        for t in tools:
            headers += [f"{t} wall s", f"{t} wall ms/file", f"{t} CPU s", f"{t} CPU ms/file",
                        f"{t} peak RSS MB", f"{t} other load"]
        rows = []
        for entry in series:
            row = [f"{entry['files']:,}", f"{entry['total_lines']:,}"]
            for t in tools:
                r = entry["results"][t]
                row += [f"{r['wall_median_s']:.2f}",
                        f"{1000 * r['wall_median_s'] / entry['files']:.3f}",
                        f"{r['cpu_median_s']:.2f}",
                        f"{1000 * r['cpu_median_s'] / entry['files']:.3f}",
                        f"{r['peak_rss_largest_process_mb']:.0f}",
                        f"{r.get('background_cores_median', 0.0):.2f}"]
            rows.append(row)
        print(fmt_table(headers, rows, markdown))
        print()
        if len(series) >= 2:
            xs = [e["files"] for e in series]
            for t in tools:
                for what, key in (("wall", "wall_median_s"), ("CPU", "cpu_median_s")):
                    ys = [e["results"][t][key] for e in series]
                    a, b, r2 = linear_fit(xs, ys)
                    per_file = [y / x for x, y in zip(xs, ys)]
                    spread = max(per_file) / min(per_file)
                    print(f"- {t} {what}: {a:.2f} s + {1000 * b:.3f} ms x files (R^2 = {r2:.4f}); "
                          f"{what} time per file varies by {spread:.2f}x from "
                          f"{xs[0]:,} to {xs[-1]:,} files")
            print()
    loads = [r.get("background_cores_median", 0.0) for r in report.get("results", [])]  # type: ignore[union-attr]
    for entry in report.get("scaling", []):  # type: ignore[union-attr]
        loads += [r.get("background_cores_median", 0.0) for r in entry["results"].values()]
    if loads and max(loads) > 0.25:
        print(f"WARNING: other processes kept up to {max(loads):.2f} cores busy during some "
              "runs; those timings are inflated. Re-run on an idle machine.")
        print()
    print(f"Command: `{report['command']}`" if markdown else f"command: {report['command']}")


if __name__ == "__main__":
    sys.exit(main())
