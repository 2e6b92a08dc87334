"""Turn file results into output and an exit code: stdout for results, stderr for the rest."""

from __future__ import annotations

import sys

from gradfix.files import FileError, write_atomically
from gradfix.report.text import format_diagnostic

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TextIO

    from gradfix.runner import Diagnostic, FileResult

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


class Reporter:
    def __init__(
        self,
        mode: str,
        color: bool,
        quiet: bool,
        out: TextIO | None = None,
        err: TextIO | None = None,
        format: str = "text",
    ):
        self.mode = mode  # "check" | "diff" | "write"
        self.format = format  # "text" | "json" | "sarif" | "github"
        self.collected: list[Diagnostic] = []  # the machine-readable formats print at the end
        self.color = color
        self.quiet = quiet
        self.out = out or sys.stdout
        self.err = err or sys.stderr
        self.files = 0
        self.findings = 0
        self.fixable = 0
        self.changed_files = 0
        self.fixed = 0
        self.remaining = 0
        self.errors = 0

    def error(self, message: str) -> None:
        self.errors += 1
        self.err.write(message + "\n")
        self.err.flush()

    def add(self, result: FileResult, is_stdin: bool = False) -> None:
        self.files += 1
        if not self.quiet:
            for note in result.notes:
                self.err.write(note + "\n")
        if result.error is not None:
            self.error(result.error)
            if is_stdin and self.mode == "write" and result.original is not None:
                self._emit_source(result.original)  # an editor filter must get its buffer back
            # the file is left as it was: what was found in it before the failure is still there
            if self.mode == "check":
                self._found(result)
            else:
                self._remaining(result, stream=self.err if is_stdin and self.mode == "write" else None)
            return
        if self.mode == "check":
            self._found(result)
            return
        if self.mode == "diff":
            if result.changed:
                from gradfix.report.diff import unified_diff, write_diff

                self.changed_files += 1
                old = result.original.decode(result.encoding)  # type: ignore[union-attr]
                new = result.fixed.decode(result.encoding)  # type: ignore[union-attr]
                write_diff(unified_diff(result.path, old, new), self.out, self.color)
            # stdout holds the patch alone (`gradfix --diff src/ > fix.patch`, as ruff's does)
            self._remaining(result, stream=self.err if self.format == "text" else None)
            return
        # write
        if is_stdin:
            self._emit_source(result.fixed if result.changed else result.original or b"")
        elif result.changed:
            try:
                write_atomically(result.path, result.fixed, result.original)  # type: ignore[arg-type]
            except FileError as error:
                self.error(f"{result.path}: error: {error}")
                return
        if result.changed:
            self.changed_files += 1
            self.fixed += sum(result.fixed_codes.values())
            if not self.quiet:
                codes = ", ".join(f"{code} ×{n}" for code, n in sorted(result.fixed_codes.items()))
                self.err.write(f"fixed {result.path}: {codes}\n")
        self._remaining(result, stream=self.err if is_stdin else self.out)

    def _found(self, result: FileResult) -> None:
        if result.diagnostics:  # most files have none
            for diagnostic in result.diagnostics:
                self._emit(diagnostic, self.out)
            self.findings += len(result.diagnostics)
            self.fixable += sum(d.fixable for d in result.diagnostics)

    def _remaining(self, result: FileResult, stream: TextIO | None = None) -> None:
        unfixed = [d for d in result.remaining]
        self.remaining += len(unfixed)
        for diagnostic in unfixed:
            self._emit(diagnostic, stream or self.out)

    def _emit(self, diagnostic: Diagnostic, stream: TextIO) -> None:
        if self.format == "text":
            stream.write(format_diagnostic(diagnostic) + "\n")
        else:
            self.collected.append(diagnostic)

    def _emit_source(self, data: bytes) -> None:
        self.out.flush()
        buffer = getattr(self.out, "buffer", None)
        if buffer is not None:
            buffer.write(data)
            buffer.flush()
        else:
            self.out.write(data.decode("utf-8", errors="surrogateescape"))

    def finish(self) -> int:
        if self.format != "text":
            from gradfix.report.formats import render

            self.out.write(render(self.format, self.collected))
        self.out.flush()
        if not self.quiet:
            self.err.write(self._summary() + "\n")
        if self.errors:
            return EXIT_ERROR
        if self.mode == "check":
            return EXIT_FINDINGS if self.findings else EXIT_CLEAN
        if self.mode == "diff":
            return EXIT_FINDINGS if self.changed_files else EXIT_CLEAN
        return EXIT_FINDINGS if self.remaining else EXIT_CLEAN

    def _summary(self) -> str:
        errors = f"; {self.errors} file(s) could not be processed" if self.errors else ""
        checked = f"{self.files} file{'s' if self.files != 1 else ''} checked"
        if self.mode == "check":
            if not self.findings:
                if self.errors:
                    return f"No findings ({checked}){errors}."
                return f"All checks passed ({checked})."
            fixable = f" ({self.fixable} fixable with `gradfix --write`)" if self.fixable else ""
            return f"Found {self.findings} finding{'s' if self.findings != 1 else ''}{fixable} ({checked}){errors}."
        if self.mode == "diff":
            return (
                f"{self.changed_files} file{'s' if self.changed_files != 1 else ''} would be changed; "
                f"{self.remaining} finding(s) without an applicable fix ({checked}){errors}."
            )
        return (
            f"Fixed {self.fixed} finding{'s' if self.fixed != 1 else ''} in {self.changed_files} "
            f"file{'s' if self.changed_files != 1 else ''}; {self.remaining} remaining ({checked}){errors}."
        )
