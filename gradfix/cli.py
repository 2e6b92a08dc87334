"""The command line: flags -> options -> runner -> output and exit code. No analysis here."""

from __future__ import annotations

import sys
from typing import List, Optional

import typer

from gradfix import __version__

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2

app = typer.Typer(add_completion=False, rich_markup_mode=None, pretty_exceptions_enable=False)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"gradfix {__version__}")
        raise typer.Exit(EXIT_CLEAN)


def _codes(text: Optional[str], option: str) -> set[str]:
    """`GF001,GF002`, a prefix such as `GF00`, or `ALL`."""
    from gradfix.transforms import RULES_BY_CODE

    if not text:
        return set()
    chosen: set[str] = set()
    for raw in text.split(","):
        item = raw.strip().upper()
        if not item:
            continue
        if item == "ALL":
            chosen |= set(RULES_BY_CODE)
            continue
        matched = {code for code in RULES_BY_CODE if code.startswith(item)}
        if not matched:
            raise typer.BadParameter(f"unknown rule code {raw.strip()!r}", param_hint=option)
        chosen |= matched
    return chosen


@app.command(context_settings={"help_option_names": ["-h", "--help"]})
def gradfix(
    paths: Optional[List[str]] = typer.Argument(None, help="Files or directories to check; '-' reads stdin."),
    diff: bool = typer.Option(False, "--diff", help="Show the fixes as a unified diff; write nothing."),
    write: bool = typer.Option(False, "--write", help="Apply the fixes in place ('-': fixed source to stdout)."),
    select: Optional[str] = typer.Option(None, "--select", help="Rules to run, comma-separated (e.g. GF001,GF002)."),
    ignore: Optional[str] = typer.Option(None, "--ignore", help="Rules to skip, comma-separated."),
    unsafe_fixes: bool = typer.Option(False, "--unsafe-fixes", help="Also apply fixes marked unsafe."),
    stdin_filename: Optional[str] = typer.Option(None, "--stdin-filename", help="Name used for stdin in messages."),
    color: Optional[bool] = typer.Option(None, "--color/--no-color", help="Color diffs (default: on a terminal)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print no summary."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, help="Worker processes (default: all cores)."),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version."),
) -> None:
    """Find and fix PyTorch training loops that mishandle gradients."""
    from gradfix.files import STDIN, discover
    from gradfix.runner import Options, run
    from gradfix.transforms import default_codes

    if diff and write:
        raise typer.BadParameter("--diff and --write cannot be used together", param_hint="--diff/--write")
    selected = _codes(select, "--select") if select else default_codes()
    selected -= _codes(ignore, "--ignore")
    targets = list(paths) if paths else ["."]
    if targets.count(STDIN) > 1:
        raise typer.BadParameter("'-' (stdin) can be given only once", param_hint="PATHS")
    options = Options(select=frozenset(selected), unsafe_fixes=unsafe_fixes, fix=diff or write)
    stdin_name = stdin_filename or STDIN
    use_color = sys.stdout.isatty() if color is None else color

    sources = discover(targets)
    results = run(sources, options, jobs=jobs, read_stdin=lambda: sys.stdin.buffer.read(), stdin_name=stdin_name)
    from gradfix.report.output import Reporter

    reporter = Reporter(mode="write" if write else "diff" if diff else "check", color=use_color, quiet=quiet)
    for result in results:
        reporter.add(result, is_stdin=result.path == stdin_name and STDIN in targets)
    raise typer.Exit(reporter.finish())


def main() -> None:
    app(prog_name="gradfix")
