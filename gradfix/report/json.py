"""`--format json`: a list of findings, one object each, keys in a fixed order.

    [{"file": "train.py", "cell": null, "line": 12, "column": 9, "end_line": 12,
      "end_column": 25, "code": "GF001", "name": "missing-zero-grad", "message": "...",
      "fixable": true, "fix_safety": "safe"}]

`cell` is the 1-based notebook cell (`line`/`column` are then within the cell), else null.
`fixable` says whether this run's options would apply the fix; `fix_safety` is "safe",
"unsafe", "display-only", or null for a finding without a fix.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

from gradfix.runner import Diagnostic


def as_dict(d: Diagnostic) -> dict[str, Any]:
    from gradfix.catalog import NAMES

    rule_name = NAMES.get(d.code)
    return {
        "file": d.path,
        "cell": d.cell,
        "line": d.line,
        "column": d.column,
        "end_line": d.end_line,
        "end_column": d.end_column,
        "code": d.code,
        "name": rule_name,
        "message": d.message,
        "fixable": d.fixable,
        "fix_safety": d.fix_safety,
    }


def render_json(diagnostics: Sequence[Diagnostic]) -> str:
    return json.dumps([as_dict(d) for d in diagnostics], indent=2, ensure_ascii=False) + "\n"
