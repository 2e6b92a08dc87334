"""A long fuzz campaign with the training-loop generator (see docs/fuzzing.md).

    .venv/bin/python tests/fuzz/campaign.py --count 20000 --start 1000000 --jobs 2

Each seed gives one program, checked with one option set (default rules, or every rule with
unsafe fixes, alternating by seed). Failures are printed with their seed: reproduce one with
`python tests/fuzz/loopgen.py SEED`. Exit status 1 when any program fails.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback
from collections import Counter
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from fuzz.loopgen import generate  # noqa: E402
from fuzz.properties import OPTION_SETS, PropertyFailure, check_program  # noqa: E402


def one(seed: int) -> tuple[int, str, bool, str | None]:
    source, has_events = generate(seed)
    options = OPTION_SETS[seed % len(OPTION_SETS)]
    try:
        out = check_program(source, has_events, options)
    except PropertyFailure as failure:
        return seed, "fail", False, str(failure)
    except Exception:  # a crash inside gradfix
        return seed, "crash", False, traceback.format_exc(limit=3).strip().splitlines()[-1]
    return seed, "ok", out != source.encode("utf-8"), None


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=int(os.environ.get("FUZZ_EXAMPLES", "20000")))
    parser.add_argument("--start", type=int, default=1_000_000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    began = time.time()
    outcomes: Counter = Counter()
    changed = 0
    failures = []
    with Pool(args.jobs) as pool:
        for n, (seed, outcome, was_changed, detail) in enumerate(
            pool.imap_unordered(one, range(args.start, args.start + args.count), chunksize=20), 1
        ):
            outcomes[outcome] += 1
            changed += was_changed
            if detail is not None:
                failures.append({"seed": seed, "outcome": outcome, "detail": detail})
                print(f"seed {seed}: {outcome}: {detail}", flush=True)
            if n % 1000 == 0:
                print(f"{n} programs, {dict(outcomes)}, {time.time() - began:.0f} s", flush=True)
    summary = {
        "programs": args.count,
        "seeds": [args.start, args.start + args.count - 1],
        "outcomes": dict(outcomes),
        "fixed_programs": changed,
        "seconds": round(time.time() - began),
        "failures": failures[:50],
    }
    print(json.dumps(summary, indent=2))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
