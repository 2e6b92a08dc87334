#!/usr/bin/env python3
"""Which part of the analysis walks the syntax trees, and how much: node visits per rule.

    python benchmarks/node_visits.py TREE [--top N] [--json OUT] [-- GRADFIX ARGS]

Runs `gradfix --no-cache --jobs 1 [GRADFIX ARGS] TREE` in this process (run it with the
worktree first on `PYTHONPATH`), with the shared walkers of `gradfix.walk` (`ast_walk`,
`own_nodes`, `ast_nodes`, `child_nodes`, `child_statements`) and `gradfix.syntax`'s `walk` and
`iter_child_nodes` wrapped in every gradfix module that imported them: each node a walker hands
out is counted for the phase running (`MODEL`: `build_model`, the facts walk and the loop model;
`GFxxx`: that rule's `check`) and for the function that called the walker. A cached walk
(`Source.nodes`, `Source.statements`, `walk_expression`) is counted once, for the phase that
asked first. Walks written by hand (the loop model's statement walker, `modes.py`'s, recursive
visitors) are not counted: their cost shows in cProfile, not here.

It prints a table by phase (nodes, calls per walker, CPU seconds of the phase under the
wrappers: shapes, not figures), the whole-module walks (a walker handed a `Module`), the callers
with the most visits, the number of nodes in the candidate modules (`ast_nodes` of each module
a model was built for, once) and the phases' time on models without a training loop. To price a visit
in instructions, count a whole walk with Valgrind (the sixty-sixth session: one `ast_nodes` walk
of perf5's 138 candidate modules, 148,216 nodes, is 312 M instructions, 3.2% of a check).
A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import ast as _ast
import collections
import importlib
import json
import pkgutil
import sys
import time


def main() -> int:
    argv = sys.argv[1:]
    extra: list[str] = []
    if "--" in argv:
        at = argv.index("--")
        argv, extra = argv[:at], argv[at + 1 :]
    parser = argparse.ArgumentParser(description="Node visits per rule (the shared walkers, wrapped).")
    parser.add_argument("tree")
    parser.add_argument("--top", type=int, default=25, help="callers to list (default 25)")
    parser.add_argument("--json", help="write the counts to this file too")
    args = parser.parse_args(argv)

    import gradfix

    for module in pkgutil.walk_packages(gradfix.__path__, "gradfix."):
        if ".lsp" in module.name or ".codemods" in module.name or module.name.endswith("__main__"):
            continue
        importlib.import_module(module.name)
    from gradfix import syntax, walk
    from gradfix.analysis import loops
    from gradfix.transforms import ALL_RULES

    phase = ["other"]
    visits: collections.Counter[tuple[str, str]] = collections.Counter()
    calls: collections.Counter[tuple[str, str]] = collections.Counter()
    callers: collections.Counter[tuple[str, str]] = collections.Counter()
    module_walks: collections.Counter[tuple[str, str]] = collections.Counter()

    def caller() -> str:
        frame = sys._getframe(2)
        return f"{frame.f_code.co_filename.split('gradfix/')[-1]}:{frame.f_code.co_name}"

    def listing(name, function):  # type: ignore[no-untyped-def]
        def wrapped(*a, **k):  # type: ignore[no-untyped-def]
            found = function(*a, **k)
            key, who = phase[-1], caller()
            visits[key, name] += len(found)
            calls[key, name] += 1
            callers[key, who] += len(found)
            if a and isinstance(a[0], _ast.Module):
                module_walks[key, f"{who} ({name})"] += 1
            return found

        return wrapped

    def generating(name, function):  # type: ignore[no-untyped-def]
        def wrapped(*a, **k):  # type: ignore[no-untyped-def]
            key, who = phase[-1], caller()
            calls[key, name] += 1
            if a and isinstance(a[0], _ast.Module):
                module_walks[key, f"{who} ({name})"] += 1
            for node in function(*a, **k):
                visits[key, name] += 1
                callers[key, who] += 1
                yield node

        return wrapped

    makers = {"ast_walk": generating, "own_nodes": generating, "ast_nodes": listing, "child_nodes": listing, "child_statements": listing}
    replacements = {id(getattr(walk, name)): make(name, getattr(walk, name)) for name, make in makers.items()}
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith("gradfix") or name == "gradfix.walk":
            continue
        for attribute, value in list(vars(module).items()):
            if callable(value) and id(value) in replacements:
                setattr(module, attribute, replacements[id(value)])
    syntax.walk = generating("syntax.walk", syntax.walk)  # (looked up as `ast.walk` at each call)
    syntax.iter_child_nodes = generating("syntax.iter_child_nodes", syntax.iter_child_nodes)

    seconds: collections.Counter[str] = collections.Counter()
    without_loops: collections.Counter[str] = collections.Counter()
    nodes = {"modules": 0, "nodes": 0, "without loops": 0, "nodes without loops": 0}
    for rule in ALL_RULES:
        original = rule.check

        def check(self, model, _original=original, _code=rule.code):  # type: ignore[no-untyped-def]
            phase.append(_code)
            start = time.process_time()
            try:
                return list(_original(self, model))
            finally:
                spent = time.process_time() - start
                phase.pop()
                seconds[_code] += spent
                if not model.loops:
                    without_loops[_code] += spent

        rule.check = check  # type: ignore[method-assign]
    build_model = loops.build_model

    counted: set[tuple[object, int]] = set()

    def build(source, project=None, **options):  # type: ignore[no-untyped-def]
        phase.append("MODEL")  # (a caller's model, built for a step function's callers, too)
        start = time.process_time()
        try:
            model = build_model(source, project, **options)
        finally:
            phase.pop()
            seconds["MODEL"] += time.process_time() - start
        if (source.path, len(source.text)) in counted:
            return model
        counted.add((source.path, len(source.text)))
        count = len(walk.ast_nodes(source.tree))  # (the original walker: not counted)
        nodes["modules"] += 1
        nodes["nodes"] += count
        if not model.loops:
            nodes["without loops"] += 1
            nodes["nodes without loops"] += count
        return model

    loops.build_model = build
    from gradfix.cli import main as gradfix_main

    try:
        gradfix_main(["--no-cache", "--jobs", "1", *extra, args.tree])
    except SystemExit:
        pass

    walkers = ["ast_walk", "own_nodes", "ast_nodes", "child_nodes", "child_statements", "syntax.walk", "syntax.iter_child_nodes"]
    by_phase: collections.Counter[str] = collections.Counter()
    for (key, _), count in visits.items():
        by_phase[key] += count
    total = sum(by_phase.values())
    out = sys.stderr
    print(f"\nnode visits: {total:,} (candidate modules: {nodes['modules']}, {nodes['nodes']:,} nodes; "
          f"{nodes['without loops']} without a training loop, {nodes['nodes without loops']:,} nodes)\n", file=out)
    print("| phase | nodes visited | share | " + " | ".join(walkers) + " | CPU s (wrapped) | on models without loops |", file=out)
    print("|---|---:|---:|" + "---:|" * len(walkers) + "---:|---:|", file=out)
    for key, count in by_phase.most_common():
        cells = [f"{visits[key, w]:,} ({calls[key, w]:,})" if calls[key, w] else "" for w in walkers]
        print(f"| {key} | {count:,} | {100 * count / max(1, total):.1f}% | " + " | ".join(cells)
              + f" | {seconds[key]:.3f} | {without_loops[key]:.3f} |", file=out)
    print("\nwhole-module walks (walker handed a Module): " + ", ".join(f"{k} {w} x{n}" for (k, w), n in module_walks.most_common()), file=out)
    print(f"\ncallers with the most visits (top {args.top}):", file=out)
    for (key, who), count in callers.most_common(args.top):
        print(f"{count:>9,}  {key}  {who}", file=out)
    if args.json:
        with open(args.json, "w") as handle:
            json.dump({
                "visits": {f"{k}|{w}": n for (k, w), n in visits.items()},
                "calls": {f"{k}|{w}": n for (k, w), n in calls.items()},
                "callers": {f"{k}|{w}": n for (k, w), n in callers.items()},
                "module_walks": {f"{k}|{w}": n for (k, w), n in module_walks.items()},
                "seconds": dict(seconds), "without_loops": dict(without_loops), "nodes": nodes,
            }, handle, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
