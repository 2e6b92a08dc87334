#!/usr/bin/env python3
"""Where gradfix's time goes on a tree, phase by phase, in one process.

    .venv/bin/python benchmarks/phases.py DIR [--fix]

Run it with the Python that has gradfix installed. It calls gradfix's own functions over
every file of DIR, one phase at a time, and prints the CPU time (`time.process_time`) of each:

    discover   files.discover                     walking the tree, .gitignore
    read       files.read_source                  the bytes of every file
    prefilter  runner.might_train                 the byte check that skips most files
    parse      the parser(s), on candidate files  (the engine's parse of the bytes)
    analysis   runner.process_source(check) minus parse: loop model, rules, positions
    fix        runner.process_source(--diff) minus check: fix passes, re-parse, verify
    output     report: text lines for the findings, unified diffs for the fixes

plus the engine's import (the parser and the rules, paid by the first file that needs them).
The engine changes; the part to adapt is `parse()` below -- everything else uses the
pipeline's public functions. A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import io
import sys
import time
import warnings

T = time.process_time


def parse(data: bytes) -> object:
    """What the engine parses a candidate file with (adapt when the engine changes)."""
    import ast

    from gradfix import runner

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            ast.parse(data)  # runner's guard against nesting too deep for the parser
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            pass
    engine_parse = getattr(runner, "_parse", None)
    if engine_parse is None:
        return None
    try:
        return engine_parse(data)
    except Exception:  # a file the engine refuses: it is timed all the same
        return None


def batch_process(run_id: str):  # type: ignore[no-untyped-def]
    """How the command line calls the engine on each file (with what it does about the cycle
    collector around it, and in one steady run: each project file looked at on disk once),
    else `process_source` itself (older versions)."""
    from gradfix import runner

    process = getattr(runner, "_batch_process", runner.process_source)
    if "run_id" not in process.__code__.co_varnames:
        return process
    return lambda path, data, options: process(path, data, options, run_id)


def fresh_project_index() -> None:
    """Forget the per-process project indexes (modules read, parsed and indexed for lookups),
    so that each timed run reads the project as a run of the command does."""
    import gc

    from gradfix import project

    for name in ("_PROJECTS", "_ROOTS"):
        getattr(project, name, {}).clear()
    try:
        from gradfix.analysis import steps

        steps._SHAPED.clear()
        steps._STATEMENTS.clear()
    except (ImportError, AttributeError):
        pass
    gc.collect()


def import_engine() -> None:
    from gradfix import runner

    runner._rules(frozenset())  # the rule modules
    parse(b"x = 1\n")  # the parser


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="CPU time of each phase of gradfix on one tree.")
    ap.add_argument("tree", help="the folder to check")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = ap.parse_args(argv)

    start = T()
    from gradfix.catalog import default_codes
    from gradfix.files import FileError, discover, read_source
    from gradfix.report.diff import unified_diff
    from gradfix.report.text import format_diagnostic
    from gradfix.runner import Options, might_train, process_source

    times: dict[str, float] = {"start-up (gradfix imports)": T() - start}
    t = T()
    import_engine()
    times["engine import (parser, rules)"] = T() - t

    t = T()
    sources = [s.path for s in discover([args.tree])]
    times["discover"] = T() - t

    t = T()
    data: dict[str, bytes] = {}
    for path in sources:
        try:
            data[path] = read_source(path)
        except FileError:
            pass
    times["read"] = T() - t

    t = T()
    candidates = [path for path, content in data.items() if might_train(content)]
    times["prefilter"] = T() - t

    t = T()
    for path in candidates:
        parse(data[path])
    times["parse"] = T() - t

    select = frozenset(default_codes())
    process = batch_process("phases-check")
    # one untimed check first: the modules the engine imports on first use, the methods of its
    # records and the patterns it compiles are paid for once per process, and would otherwise
    # count as analysis and not as fix (the fix run came out negative)
    for path in candidates:
        process(path, data[path], Options(select=select))
    process = batch_process("phases-check-timed")
    fresh_project_index()
    t = T()
    checked = [process(path, data[path], Options(select=select)) for path in candidates]
    times["analysis"] = T() - t - times["parse"]

    fresh_project_index()  # the fix run pays for reading the project as the check run did
    t = T()
    process = batch_process("phases-fix")  # as `--diff` runs (`--write` looks at files again)
    fixed = [process(path, data[path], Options(select=select, fix=True)) for path in candidates]
    times["fix"] = T() - t - times["parse"] - times["analysis"]

    t = T()
    out = io.StringIO()
    for result in checked:
        for diagnostic in result.diagnostics:
            out.write(format_diagnostic(diagnostic) + "\n")
    for result in fixed:
        if result.changed:
            out.write(unified_diff(result.path, result.original.decode(result.encoding),  # type: ignore[union-attr]
                                   result.fixed.decode(result.encoding)))  # type: ignore[union-attr]
    times["output"] = T() - t

    total = sum(times.values())
    findings = sum(len(r.diagnostics) for r in checked)
    print(f"{len(sources)} files, {sum(map(len, data.values())) / 1e6:.1f} MB; {len(candidates)} pass the "
          f"prefilter; {findings} findings; {sum(r.changed for r in fixed)} files with fixes; "
          f"CPU time of one process, {total:.2f} s in all")
    print()
    rows = [(name, f"{seconds:.3f}", f"{100 * seconds / total:.1f}%") for name, seconds in times.items()]
    if args.markdown:
        print("| phase | CPU s | share |")
        print("|---|---:|---:|")
        for row in rows:
            print(f"| {row[0]} | {row[1]} | {row[2]} |")
    else:
        width = max(len(row[0]) for row in rows)
        for row in rows:
            print(f"{row[0]:<{width}}  {row[1]:>8}  {row[2]:>6}")
    per_candidate = (times["parse"] + times["analysis"]) / max(1, len(candidates))
    print()
    print(f"check per candidate file: {1000 * per_candidate:.1f} ms (parse + analysis); "
          f"per file overall (check, no fix): {1000 * (total - times['fix']) / max(1, len(sources)):.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
