#!/usr/bin/env python3
"""Which loops the loop gate opens only through the project, by which clause, and at what cost.

    python benchmarks/gate_clauses.py TREE [--top N] [-- GRADFIX ARGS]

Runs `gradfix --no-cache --jobs 1 [GRADFIX ARGS] TREE` from this checkout in one process, with
the loop gate (`loops._Walker.may_backpropagate`) wrapped. For every outermost loop the gate
opens, it asks the gate again with the module's project hidden (`facts.project = None`): a loop
that opens only with the project is one that no text of its own module says may backpropagate,
only a name imported from (or a base class in) another module of the project. For those it
prints which of the gate's project clauses answer yes (`bases`: a base class from another module,
`stub`, each import alias, `helper-of-import`: a function of the module that names a
backpropagating import, `sub:` a submodule, `imported-object`) and the process time of the
loop's walk (including any module parsed for it the first time), then the totals.

These are the walks a cheaper proof that "this imported helper cannot backpropagate" would have
to close (issue 14, the sixty-second session: on perf5, 34 such loops, 20 of them in accelerate's
`accelerator.py`; closing all of them, a scratch ceiling that is not exact in general, counted
-2.29% of the run's instructions with the same findings and fixes on perf5). The clauses are
re-asked here in the gate's order as `may_backpropagate` writes them: a clause added to the gate
must be added here too. A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _project_clauses(walker, loop, ctx) -> list[str]:  # type: ignore[no-untyped-def]
    """The project clauses of `may_backpropagate` that answer yes for this loop."""
    text = walker.source.segment(loop)
    facts = walker.facts
    hits = []
    if ctx.class_name is not None and "self." in text and walker.project_bases(ctx.class_name):
        hits.append("bases")
    if ctx.class_name is not None and ctx.facts is None and "self." in text and walker.stub_overridden_to_backpropagate(ctx.class_name, text):
        hits.append("stub")
    hits += [qualified for local, qualified in facts.imports.aliases.items() if local in text and walker.imported_backpropagates(qualified)]
    if walker.calls_a_helper_of_a_backpropagating_import(text):
        hits.append("helper-of-import")
    hits += ["sub:" + s for s in facts.imports.submodules if s + "." in text and walker.imported_backpropagates(s)]
    if facts.imports.stars:
        hits.append("stars?")
    if walker.calls_an_imported_object(text):
        hits.append("imported-object")
    return hits


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tree")
    parser.add_argument("--top", type=int, default=40, help="loops listed, costliest first")
    argv = sys.argv[1:]
    rest = argv[argv.index("--") + 1 :] if "--" in argv else []
    args = parser.parse_args(argv[: argv.index("--")] if "--" in argv else argv)
    sys.path.insert(0, str(REPO))
    from gradfix import cli
    from gradfix.analysis import loops

    gate, walk = loops._Walker.may_backpropagate, loops._Walker.loop
    opened: dict[int, list[str]] = {}
    rows: list[tuple[float, str, int, list[str]]] = []

    def may_backpropagate(self, loop, ctx):  # type: ignore[no-untyped-def]
        answer = gate(self, loop, ctx)
        if answer and self.facts.project is not None:
            project, self.facts.project = self.facts.project, None
            try:
                alone = gate(self, loop, ctx)
            finally:
                self.facts.project = project
            if not alone:
                opened[id(loop)] = _project_clauses(self, loop, ctx)
        return answer

    def loop(self, stmt, ctx):  # type: ignore[no-untyped-def]
        if ctx.loops or ctx.via:
            return walk(self, stmt, ctx)
        started = time.process_time()
        walk(self, stmt, ctx)
        clauses = opened.pop(id(stmt), None)
        if clauses is not None:
            rows.append((time.process_time() - started, str(self.source.path), stmt.lineno, clauses))
        return None

    loops._Walker.may_backpropagate = may_backpropagate  # type: ignore[method-assign]
    loops._Walker.loop = loop  # type: ignore[method-assign]
    started = time.process_time()
    with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet):
        try:
            cli.main(["--no-cache", "--jobs", "1", "--quiet", *rest, args.tree])
        except SystemExit:
            pass
    total = time.process_time() - started
    rows.sort(key=lambda row: -row[0])
    print("| ms | loop | project clauses that open it |\n|---:|---|---|")
    for seconds, path, line, clauses in rows[: args.top]:
        print(f"| {seconds * 1000:.2f} | {path}:{line} | {', '.join(clauses) or '(none re-asked here)'} |")
    by_clause: collections.Counter[str] = collections.Counter()
    for seconds, _, _, clauses in rows:
        for clause in {c if c in ("bases", "stub", "helper-of-import", "imported-object", "stars?") or c.startswith("sub:") else "import alias" for c in clauses}:
            by_clause[clause] += seconds
    spent = sum(row[0] for row in rows)
    print(f"\n{len(rows)} loops opened only through the project: {spent * 1000:.1f} ms of {total * 1000:.1f} ms ({spent / total:.1%}) of process time")
    for clause, seconds in by_clause.most_common():
        print(f"- {clause}: {seconds * 1000:.1f} ms (a loop counts once under each clause that opens it)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
