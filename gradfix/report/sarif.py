"""`--format sarif`: SARIF 2.1.0, for GitHub code scanning (`github/codeql-action/upload-sarif`).

One run, the rules that were reported with their docs, and one result per finding. Relative
paths are given against `%SRCROOT%` (the folder gradfix ran in), absolute ones as `file:` URIs.
"""

from __future__ import annotations

import json
from pathlib import Path, PurePosixPath
from typing import Any, Sequence
from urllib.parse import quote

from gradfix.runner import Diagnostic

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"


def _uri(path: str) -> tuple[str, bool]:
    """(uri, relative?)."""
    candidate = Path(path)
    if candidate.is_absolute():
        return candidate.as_uri(), False
    posix = PurePosixPath(*candidate.parts).as_posix() if candidate.parts else path
    return quote(posix, safe="/"), True


def _rule(code: str) -> dict[str, Any]:
    from gradfix.transforms import RULES_BY_CODE

    rule = RULES_BY_CODE.get(code)
    if rule is None:
        return {"id": code}
    from gradfix.report.rules import summary

    docs = rule.docs()
    return {
        "id": code,
        "name": rule.name,
        "shortDescription": {"text": summary(rule)},
        "fullDescription": {"text": docs or summary(rule)},
        "help": {"text": docs or summary(rule), "markdown": docs or summary(rule)},
        "defaultConfiguration": {"level": "error", "enabled": bool(rule.default_enabled)},
        "properties": {"fixSafety": rule.safety.value, "tags": ["pytorch", "gradients"]},
    }


def _result(d: Diagnostic, rule_index: int) -> dict[str, Any]:
    uri, relative = _uri(d.path)
    artifact: dict[str, Any] = {"uri": uri}
    if relative:
        artifact["uriBaseId"] = "%SRCROOT%"
    location: dict[str, Any] = {"artifactLocation": artifact}
    message = d.message
    properties: dict[str, Any] = {"fixable": d.fixable, "fixSafety": d.fix_safety}
    if d.cell is None:
        location["region"] = {
            "startLine": d.line,
            "startColumn": d.column,
            "endLine": d.end_line,
            "endColumn": d.end_column,
        }
    else:  # lines within a cell are not lines of the .ipynb file
        message = f"cell_{d.cell}:{d.line}:{d.column}: {message}"
        properties.update(cell=d.cell, cellLine=d.line, cellColumn=d.column)
    return {
        "ruleId": d.code,
        "ruleIndex": rule_index,
        "level": "error",
        "message": {"text": message},
        "locations": [{"physicalLocation": location}],
        "properties": properties,
    }


def render_sarif(diagnostics: Sequence[Diagnostic]) -> str:
    from gradfix import __version__

    codes = sorted({d.code for d in diagnostics})
    index = {code: i for i, code in enumerate(codes)}
    log = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "gradfix",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "rules": [_rule(code) for code in codes],
                    }
                },
                "originalUriBaseIds": {"%SRCROOT%": {"uri": Path.cwd().as_uri() + "/"}},
                "columnKind": "unicodeCodePoints",
                "results": [_result(d, index[d.code]) for d in diagnostics],
            }
        ],
    }
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"
