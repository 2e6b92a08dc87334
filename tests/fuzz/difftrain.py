"""Differential training fuzzer: gradfix's fixes against what the programs really train.

    .venv/bin/python tests/fuzz/difftrain.py --count 5000 --start 0 --jobs 2

For each batch of programs from tests/fuzz/trainprogs.py (seeds start .. start+count-1):

1. the programs, and their hand-fixed variants, are written to a temporary folder;
2. the real CLI runs once per batch and mode on a copy of the folder:
   - `safe`:   `gradfix --format json` (the findings), then `gradfix --write`
   - `unsafe`: `gradfix --write --unsafe-fixes`
   - `gf007`:  `gradfix --select GF007 --format json`, then `gradfix --select GF007 --write`
     (GF007 is off by default; run on the programs with a GF007 bug and on the correct ones)
3. every distinct program text (original, hand-fixed, each rewrite) runs once, in a pool of
   worker processes that import torch once (`runpy.run_path` in a fresh namespace,
   one thread, a time limit per program);
4. the properties are checked (failure names in brackets):
   - a correct program comes out byte-identical [correct_changed, correct_changed_unsafe];
   - a rewritten program runs without error [crash_after_rewrite, ..._unsafe, ..._gf007];
   - its losses, final weights and extra statistics equal the original's where the fix
     must not change numerics (GF003 within a tolerance, GF004, GF007, GF009, and any
     change by a rule other than the injected one), and the hand-fixed program's where
     the injected bug's own fix applied [numerics, numerics_gf007];
   - gradfix reports no error on a valid program [gradfix_error], and a second `--write`
     over its output changes nothing [not_idempotent];
   - the generator's own promises: the original and the hand-fixed program run, and a
     hand fix that must not change numerics does not [generator_*].
   A bug gradfix does not report is a miss, not a failure: misses are counted per kind.

Every failure is saved (seed, programs, gradfix's findings and output, the property) under
the folder printed at the end (`--out`). The summary (JSON, last thing printed) has the
numbers docs/fuzzing.md reports. Exit status 1 when any property failed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from fuzz.trainprogs import Program, generate  # noqa: E402

PROGRAM_TIMEOUT = 60  # seconds per program run (a hang is a failure, not a stall)
MODES: dict[str, tuple[str, ...]] = {
    "safe": (),
    "unsafe": ("--unsafe-fixes",),
    "gf007": ("--select", "GF007"),
}


# --------------------------------------------------------------------------- running programs


def _worker_init() -> None:
    import warnings

    warnings.simplefilter("ignore")  # before torch's import: it warns when numpy is absent
    import torch

    torch.set_num_threads(1)


class _Timeout(Exception):
    pass


def _on_alarm(signum, frame):  # type: ignore[no-untyped-def]
    raise _Timeout(f"no result after {PROGRAM_TIMEOUT} s")


def run_program(path: str) -> tuple[str, dict[str, Any]]:
    """Run one program file in this (worker) interpreter; its RESULT as plain JSON data."""
    import runpy
    import signal
    import warnings

    import torch

    signal.signal(signal.SIGALRM, _on_alarm)
    signal.alarm(PROGRAM_TIMEOUT)
    try:
        torch.set_default_dtype(torch.float32)
        torch.set_grad_enabled(True)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            namespace = runpy.run_path(path, run_name="__fuzz__")
        result = json.loads(json.dumps(namespace["RESULT"]))
        return path, {"ok": True, "result": result}
    except BaseException as exc:  # noqa: BLE001 - a program may raise anything, even SystemExit
        message = str(exc).strip().splitlines()[0][:300] if str(exc).strip() else ""
        return path, {"ok": False, "error": f"{type(exc).__name__}: {message}"}
    finally:
        signal.alarm(0)


def _floats(value: Any) -> list[float]:
    if isinstance(value, dict):
        return [v for key in sorted(value) for v in _floats(value[key])]
    if isinstance(value, list):
        return [v for item in value for v in _floats(item)]
    return [float(value)]


def difference(got: dict[str, Any], want: dict[str, Any], tolerance: tuple[float, float] | None) -> str | None:
    """None when two RESULTs trained the same; else where they first differ."""
    for key in ("losses", "weights", "extra"):
        a, b = _floats(got.get(key, [])), _floats(want.get(key, []))
        if len(a) != len(b):
            return f"{key}: {len(a)} values, expected {len(b)}"
        for index, (x, y) in enumerate(zip(a, b)):
            if math.isnan(x) and math.isnan(y):
                continue
            if tolerance is None:
                same = x == y
            else:
                same = math.isclose(x, y, rel_tol=tolerance[0], abs_tol=tolerance[1])
            if not same:
                return f"{key}[{index}]: {x!r}, expected {y!r}"
    return None


# --------------------------------------------------------------------------- gradfix


def gradfix_command() -> list[str]:
    here = Path(sys.executable)
    for candidate in (here.with_name("gradfix"), here.with_name("gradfix.exe")):
        if candidate.is_file():
            return [str(candidate)]
    return [sys.executable, "-m", "gradfix"]


_FIXED_LINE = re.compile(r"^fixed (?P<path>.+): (?P<codes>GF\d{3} ×\d+(?:, GF\d{3} ×\d+)*)$")


def start_gradfix(folder: Path, flags: tuple[str, ...]) -> subprocess.Popen:
    """`gradfix --write --format json` over a folder, started in the background."""
    env = dict(os.environ)
    env.pop("FORCE_COLOR", None)
    return subprocess.Popen(
        [*gradfix_command(), "--isolated", "--no-color", "--jobs", "1", *flags, "--format", "json", "--write", "."],
        cwd=folder,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish_gradfix(proc: subprocess.Popen) -> dict[str, dict[str, Any]]:
    """Per file name: the codes gradfix fixed, the findings it left, and its stderr lines."""
    stdout, stderr = proc.communicate(timeout=3600)
    if proc.returncode not in (0, 1, 2):
        raise RuntimeError(f"gradfix exited with {proc.returncode}: {stderr}")
    by_file: dict[str, dict[str, Any]] = defaultdict(lambda: {"fixed": {}, "remaining": [], "stderr": []})
    for finding in json.loads(stdout or "[]"):
        by_file[Path(finding["file"]).name]["remaining"].append(finding)
    for line in stderr.splitlines():
        match = _FIXED_LINE.match(line)
        if match:
            entry = by_file[Path(match["path"]).name]
            for code, count in re.findall(r"(GF\d{3}) ×(\d+)", match["codes"]):
                entry["fixed"][code] = int(count)
        elif line.strip() and not line.startswith(("Fixed ", "No ")):
            name = Path(line.split(":", 1)[0]).name
            by_file[name]["stderr"].append(line)
    return by_file


# --------------------------------------------------------------------------- one batch


def _name(program: Program) -> str:
    return f"p{program.seed}.py"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class Campaign:
    """Counts over all batches; failures saved under `out`."""

    def __init__(self, out: Path, unsafe: bool = True) -> None:
        self.out = out
        self.unsafe = unsafe
        self.programs = 0
        self.shapes: Counter = Counter()
        self.kinds: dict[str, Counter] = defaultdict(Counter)
        self.failures: dict[str, list[int]] = defaultdict(list)
        self.false_reports: Counter = Counter()  # findings on correct programs (report only)
        self.missed_by_shape: dict[str, Counter] = defaultdict(Counter)
        self.changed: Counter = Counter()
        self.runs = 0
        self.failure_details: list[dict[str, Any]] = []

    def fail(self, program: Program, prop: str, detail: str, files: dict[str, str], gradfix_out: dict[str, Any]) -> None:
        self.failures[prop].append(program.seed)
        folder = self.out / prop / str(program.seed)
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in files.items():
            (folder / name).write_text(text, encoding="utf-8")
        info = {
            "seed": program.seed,
            "shape": program.shape,
            "kind": program.kind,
            "relation": program.relation,
            "features": list(program.features),
            "property": prop,
            "detail": detail,
            "gradfix": gradfix_out,
            "reproduce": f"python tests/fuzz/trainprogs.py {program.seed}",
        }
        (folder / "failure.json").write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")
        self.failure_details.append({"seed": program.seed, "kind": program.kind, "shape": program.shape, "property": prop, "detail": detail})

    def summary(self, began: float, seeds: tuple[int, int]) -> dict[str, Any]:
        kinds = {}
        for kind in sorted(self.kinds):
            c = self.kinds[kind]
            entry = {"programs": c["programs"]}
            if kind != "correct":
                entry.update(
                    found=c["found"], fixed=c["fixed"], missed=c["programs"] - c["found"],
                    found_without_fix=c["found"] - c["fixed"], bug_changes_training=c["observable"],
                    missed_by_shape=dict(sorted(self.missed_by_shape[kind].items())),
                )
            kinds[kind] = entry
        return {
            "programs": self.programs,
            "seeds": list(seeds),
            "program_runs": self.runs,
            "shapes": dict(sorted(self.shapes.items())),
            "kinds": kinds,
            "programs_changed": dict(sorted(self.changed.items())),
            "findings_on_correct_programs": dict(sorted(self.false_reports.items())),
            "failures": {prop: {"count": len(seeds_), "seeds": seeds_[:25]} for prop, seeds_ in sorted(self.failures.items())},
            "failed_programs": len({d["seed"] for d in self.failure_details}),
            "seconds": round(time.time() - began, 1),
            "failure_folder": str(self.out),
        }


@dataclass
class Batch:
    programs: list[Program]
    workdir: Path
    texts: dict[str, dict[str, str]]  # program file name -> variant -> text
    gradfix: dict[str, dict[str, dict[str, Any]]]  # mode -> program file name -> fixed/remaining/stderr


def prepare_batch(programs: list[Program], workdir: Path, unsafe: bool = True) -> Batch:
    """Write the programs and run gradfix over them in each mode (three processes at once)."""
    if workdir.exists():
        shutil.rmtree(workdir)
    members = {
        "safe": programs,
        "unsafe": programs if unsafe else [],
        "gf007": [p for p in programs if p.kind in ("GF007", "correct")],
    }
    running = {}
    for mode, chosen in members.items():
        folder = workdir / mode
        folder.mkdir(parents=True)
        for p in chosen:
            (folder / _name(p)).write_text(p.source, encoding="utf-8")
        if chosen:
            running[mode] = start_gradfix(folder, MODES[mode])
    results = {mode: finish_gradfix(proc) for mode, proc in running.items()}
    texts: dict[str, dict[str, str]] = {}
    for p in programs:
        name = _name(p)
        variants = {"original": p.source, "hand": p.hand_fixed}
        for mode in running:
            path = workdir / mode / name
            if path.exists():
                variants[mode] = path.read_text(encoding="utf-8")
        texts[name] = variants
    # a second `--write` over what the first one changed must change nothing
    again = workdir / "safe_again"
    again.mkdir()
    for p in programs:
        if texts[_name(p)]["safe"] != p.source:
            (again / _name(p)).write_text(texts[_name(p)]["safe"], encoding="utf-8")
    if any(again.iterdir()):
        results["safe_again"] = finish_gradfix(start_gradfix(again, MODES["safe"]))
        for path in again.iterdir():
            texts[path.name]["safe_again"] = path.read_text(encoding="utf-8")
    return Batch(programs, workdir, texts, results)


def execute_batch(batch: Batch, pool: Any, campaign: Campaign) -> None:
    """Run every distinct program text of the batch once, then check each program."""
    to_run: dict[str, str] = {}  # digest -> path
    run_dir = batch.workdir / "run"
    run_dir.mkdir(exist_ok=True)
    for variants in batch.texts.values():
        for variant, text in variants.items():
            if variant == "safe_again":
                continue  # compared as text only
            digest = _digest(text)
            if digest not in to_run:
                path = run_dir / f"{digest}.py"
                path.write_text(text, encoding="utf-8")
                to_run[digest] = str(path)
    by_path = {path: digest for digest, path in to_run.items()}
    results: dict[str, dict[str, Any]] = {}
    for path, outcome in pool.imap_unordered(run_program, sorted(to_run.values()), chunksize=4):
        results[by_path[path]] = outcome
    campaign.runs += len(to_run)
    for p in batch.programs:
        _check(p, batch, results, campaign)


def _check(p: Program, batch: Batch, results: dict[str, dict[str, Any]], campaign: Campaign) -> None:
    campaign.programs += 1
    campaign.shapes[p.shape] += 1
    stats = campaign.kinds[p.kind]
    stats["programs"] += 1
    name = _name(p)
    variants = batch.texts[name]
    outcome = {variant: results[_digest(text)] for variant, text in variants.items() if variant != "safe_again"}
    report = {mode: batch.gradfix[mode].get(name, {"fixed": {}, "remaining": [], "stderr": []}) for mode in batch.gradfix}

    def fail(prop: str, detail: str, variant: str | None = None) -> None:
        files = {"original.py": p.source, "hand_fixed.py": p.hand_fixed}
        if variant:
            files[f"rewritten_{variant}.py"] = variants[variant]
        campaign.fail(p, prop, detail, files, report)

    # gradfix itself: no error on a valid program, and a fixed point after one --write
    for mode, entry in report.items():
        errors = [line for line in entry.get("stderr", []) if "error" in line]
        if errors:
            fail("gradfix_error", f"{mode}: {errors[0]}")
    if "safe_again" in variants and variants["safe_again"] != variants["safe"]:
        fail("not_idempotent", f"a second --write changed it again: {','.join(sorted(report['safe_again']['fixed']))}", "safe_again")

    # the generator's own promises
    original = outcome["original"]
    if not original["ok"]:
        fail("generator_original_fails", original["error"])
        return
    hand = outcome["hand"]
    if not hand["ok"]:
        fail("generator_hand_fixed_fails", hand["error"])
        return
    if p.relation == "original":
        diff = difference(hand["result"], original["result"], p.tolerance)
        if diff:
            fail("generator_hand_fixed_differs", diff)
    elif p.relation == "hand_fixed" and difference(original["result"], hand["result"], None):
        stats["observable"] += 1

    safe = report["safe"]
    fixed = set(safe["fixed"])
    codes = fixed | {f["code"] for f in safe["remaining"]}
    if p.kind == "correct":
        for code in sorted(codes):
            campaign.false_reports[code] += 1
    else:
        mode = "gf007" if p.kind == "GF007" else "safe"
        mode_report = report.get(mode, {"fixed": {}, "remaining": []})
        if p.kind in mode_report["fixed"]:
            stats["found"] += 1
            stats["fixed"] += 1
        elif any(f["code"] == p.kind for f in mode_report["remaining"]):
            stats["found"] += 1
        else:
            campaign.missed_by_shape[p.kind][p.shape] += 1

    # safe mode
    if variants["safe"] != p.source:
        campaign.changed["safe"] += 1
        run = outcome["safe"]
        if p.kind == "correct":
            detail = "changed by " + ",".join(sorted(fixed)) + ("" if run["ok"] else f"; then fails: {run['error']}")
            fail("correct_changed", detail, "safe")
        elif not run["ok"]:
            fail("crash_after_rewrite", f"fixed by {','.join(sorted(fixed))}; {run['error']}", "safe")
        else:
            repaired = p.relation == "hand_fixed" and p.kind in fixed
            expected = hand if repaired else original
            tolerance = p.tolerance if p.kind in fixed else None
            diff = difference(run["result"], expected["result"], tolerance)
            if diff:
                against = "hand-fixed" if repaired else "original"
                fail("numerics", f"fixed by {','.join(sorted(fixed))}; differs from the {against} program: {diff}", "safe")

    # unsafe mode: runs, and a correct program stays identical
    if "unsafe" in variants and variants["unsafe"] != p.source:
        campaign.changed["unsafe"] += 1
        run = outcome["unsafe"]
        by = ",".join(sorted(report["unsafe"]["fixed"]))
        if p.kind == "correct":
            fail("correct_changed_unsafe", f"changed by {by}" + ("" if run["ok"] else f"; then fails: {run['error']}"), "unsafe")
        elif not run["ok"]:
            fail("crash_after_rewrite_unsafe", f"fixed by {by}; {run['error']}", "unsafe")

    # GF007: set_to_none=True must not change what is trained
    if "gf007" in variants and variants["gf007"] != p.source:
        campaign.changed["gf007"] += 1
        run = outcome["gf007"]
        if not run["ok"]:
            fail("crash_after_rewrite_gf007", run["error"], "gf007")
        else:
            diff = difference(run["result"], original["result"], None)
            if diff:
                fail("numerics_gf007", diff, "gf007")


# --------------------------------------------------------------------------- the campaign


def campaign(
    start: int,
    count: int,
    jobs: int = 2,
    batch_size: int = 200,
    out: Path | None = None,
    unsafe: bool = True,
    progress: Callable[[str], None] | None = print,
) -> dict[str, Any]:
    """Run seeds start .. start+count-1; returns the summary (see module docs)."""
    began = time.time()
    out = out or Path(tempfile.gettempdir()) / f"difftrain-failures-{start}-{count}"
    if out.exists():
        shutil.rmtree(out)
    state = Campaign(out, unsafe=unsafe)
    ctx = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    batches = [range(b, min(b + batch_size, start + count)) for b in range(start, start + count, batch_size)]
    with tempfile.TemporaryDirectory(prefix="difftrain-") as tmp, ctx.Pool(
        jobs, initializer=_worker_init, maxtasksperchild=2000
    ) as pool, ThreadPoolExecutor(max_workers=1) as prefetch:

        def prepare(index: int):  # type: ignore[no-untyped-def]
            programs = [generate(seed) for seed in batches[index]]
            return prepare_batch(programs, Path(tmp) / f"batch{index % 2}", unsafe=unsafe)

        done = 0
        upcoming = prefetch.submit(prepare, 0) if batches else None
        for index in range(len(batches)):
            batch = upcoming.result()  # type: ignore[union-attr]
            # gradfix works on the next batch while this one's programs run
            upcoming = prefetch.submit(prepare, index + 1) if index + 1 < len(batches) else None
            execute_batch(batch, pool, state)
            done += len(batch.programs)
            if progress:
                failed = sum(len(v) for v in state.failures.values())
                progress(f"{done}/{count} programs, {state.runs} runs, {failed} failures, {time.time() - began:.0f} s")
    return state.summary(began, (start, start + count - 1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=int(os.environ.get("DIFFTRAIN_COUNT", "200")))
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--batch", type=int, default=200, help="programs per gradfix run")
    parser.add_argument("--out", type=Path, default=None, help="where failing programs are saved")
    parser.add_argument("--no-unsafe", action="store_true", help="skip the --unsafe-fixes mode")
    args = parser.parse_args(argv)
    summary = campaign(args.start, args.count, args.jobs, args.batch, args.out, unsafe=not args.no_unsafe,
                       progress=lambda line: print(line, file=sys.stderr, flush=True))
    print(json.dumps(summary, indent=2))
    if summary["failures"]:
        print(f"failures saved under {summary['failure_folder']}", file=sys.stderr)
    return 1 if summary["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
