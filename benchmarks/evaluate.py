"""Loop-model coverage on real repositories: how many training iterations gradfix understands.

    python benchmarks/evaluate.py /work/repos [--json out.json] [--reasons 20]

For every repository folder under the given root (one level down), it walks the files as
gradfix does (`gradfix.files.discover`), runs the loop model on every file (and notebook cell)
that passes the prefilter, and counts training iterations (loops and step functions), those
marked unknown (a call gradfix cannot see may clear, step or backpropagate: most rules stay
silent there) with the reason of the first unknown event, and findings per rule (every rule,
GF007 included). Nothing is written; the repositories are read only.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gradfix.analysis.loops import build_model  # noqa: E402
from gradfix.files import discover, read_source  # noqa: E402
from gradfix.project import project_for  # noqa: E402
from gradfix.runner import Options, might_train, process_source  # noqa: E402
from gradfix.source import Source, SourceError  # noqa: E402
from gradfix.transforms import ALL_RULES  # noqa: E402

_QUOTED = re.compile(r"`[^`]*`")


def _reason(text: str) -> str:
    """A reason with the call's own name kept and other quoted code generalised."""
    names = _QUOTED.findall(text)
    head = names[0] if names else ""
    return head + " " + _QUOTED.sub("`…`", text[len(head):]).strip() if head else text


def _cells(path: str, data: bytes) -> list[tuple[str, bytes]]:
    try:
        notebook = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return []
    out = []
    for number, cell in enumerate(notebook.get("cells", []) if isinstance(notebook, dict) else [], start=1):
        if isinstance(cell, dict) and cell.get("cell_type") == "code":
            raw = cell.get("source", "")
            text = "".join(raw) if isinstance(raw, list) else str(raw)
            if not re.search(r"^\s*[%!]", text, re.M):
                out.append((f"{path}:cell_{number}", text.encode("utf-8")))
    return out


def evaluate(repo: Path) -> dict:
    stats = collections.Counter()
    reasons: collections.Counter = collections.Counter()
    findings: collections.Counter = collections.Counter()
    options = Options(select=frozenset(rule.code for rule in ALL_RULES))
    for source_file in discover([str(repo)]):
        path = source_file.path
        try:
            data = read_source(path)
        except Exception:  # noqa: BLE001 - unreadable files are the CLI's business
            continue
        stats["files"] += 1
        units = _cells(path, data) if path.endswith(".ipynb") else [(path, data)]
        for name, chunk in units:
            if not might_train(chunk, name.split(":cell_")[0]):
                continue
            stats["prefiltered"] += 1
            try:
                source = Source.from_bytes(chunk, name.split(":cell_")[0])
                model = build_model(source, project_for(name.split(":cell_")[0]))
            except (SourceError, RecursionError):
                continue
            for loop in model.loops:
                stats["iterations"] += 1
                stats["step functions" if loop.is_step_function else "loops"] += 1
                if loop.is_unknown:
                    stats["unknown"] += 1
                    reason = loop.unknown[0].reason if loop.unknown else loop.why_unknown
                    reasons[_reason(reason)] += 1
            result = process_source(name, chunk, options)
            for diagnostic in result.diagnostics:
                findings[diagnostic.code] += 1
    return {"stats": dict(stats), "reasons": dict(reasons), "findings": dict(findings)}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root")
    parser.add_argument("--json")
    parser.add_argument("--reasons", type=int, default=15)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    report = {}
    for repo in sorted(p for p in Path(args.root).iterdir() if p.is_dir()):
        report[repo.name] = evaluate(repo)
        s = report[repo.name]["stats"]
        print(
            f"{repo.name:45} files {s.get('files', 0):5} prefiltered {s.get('prefiltered', 0):4} "
            f"iterations {s.get('iterations', 0):4} unknown {s.get('unknown', 0):4} "
            f"findings {sum(report[repo.name]['findings'].values()):4}",
            flush=True,
        )
    total = collections.Counter()
    reasons: collections.Counter = collections.Counter()
    findings: collections.Counter = collections.Counter()
    for item in report.values():
        total.update(item["stats"])
        reasons.update(item["reasons"])
        findings.update(item["findings"])
    share = total["unknown"] / total["iterations"] if total["iterations"] else 0.0
    print(f"\ntotal: {dict(total)}  unknown share {share:.1%}  ({time.perf_counter() - start:.0f} s)")
    print("findings:", dict(sorted(findings.items())))
    print("\nunknown reasons:")
    for reason, count in reasons.most_common(args.reasons):
        print(f"{count:5}  {reason}")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
