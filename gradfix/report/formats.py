"""The machine-readable outputs, chosen by `--format`."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Sequence

    from gradfix.runner import Diagnostic

FORMATS = ("text", "json", "sarif", "github")


def render(format: str, diagnostics: Sequence[Diagnostic]) -> str:
    if format == "json":
        from gradfix.report.json import render_json

        return render_json(diagnostics)
    if format == "sarif":
        from gradfix.report.sarif import render_sarif

        return render_sarif(diagnostics)
    if format == "github":
        from gradfix.report.github import render_github

        return render_github(diagnostics)
    raise ValueError(f"unknown format {format!r}")
