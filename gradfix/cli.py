"""The command line: flags -> options -> runner -> output and exit code. No analysis here."""

from __future__ import annotations

import sys
from typing import Iterable, Iterator, List, Optional

import typer

from gradfix import __version__

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
# a progress bar only pays (and only shows) for runs over this many files
PROGRESS_MIN_FILES = 100

app = typer.Typer(add_completion=False, rich_markup_mode=None, pretty_exceptions_enable=False)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"gradfix {__version__}")
        raise typer.Exit(EXIT_CLEAN)


def _split(text: Optional[str]) -> Optional[list[str]]:
    if text is None:
        return None
    return [item.strip() for item in text.split(",") if item.strip()]


def _check_codes(text: Optional[str], option: str) -> Optional[list[str]]:
    """`GF001,GF002`, a prefix such as `GF00`, or `ALL`; unknown codes are usage errors."""
    from gradfix.config import expand_codes

    items = _split(text)
    if items:
        for item in items:
            try:
                expand_codes([item])
            except ValueError as error:
                raise typer.BadParameter(str(error), param_hint=option) from None
    return items or None  # an empty list means "not given", as before


def _fail(message: str) -> None:
    sys.stderr.write(f"gradfix: error: {message}\n")
    raise typer.Exit(EXIT_ERROR)


@app.command(context_settings={"help_option_names": ["-h", "--help"]})
def gradfix(
    paths: Optional[List[str]] = typer.Argument(None, help="Files or directories to check; '-' reads stdin."),
    diff: bool = typer.Option(False, "--diff", help="Show the fixes as a unified diff; write nothing."),
    write: bool = typer.Option(False, "--write", help="Apply the fixes in place ('-': fixed source to stdout)."),
    select: Optional[str] = typer.Option(None, "--select", help="Rules to run, comma-separated (e.g. GF001,GF002)."),
    extend_select: Optional[str] = typer.Option(None, "--extend-select", help="Rules to run on top of the selection."),
    ignore: Optional[str] = typer.Option(None, "--ignore", help="Rules to skip, comma-separated."),
    exclude: Optional[str] = typer.Option(
        None, "--exclude", help="Paths to skip, comma-separated gitignore-style patterns (replaces the config's)."
    ),
    unsafe_fixes: Optional[bool] = typer.Option(
        None, "--unsafe-fixes/--no-unsafe-fixes", help="Also apply fixes marked unsafe."
    ),
    output_format: str = typer.Option(
        "text", "--format", help="Findings as text, json, sarif (GitHub code scanning) or github (annotations)."
    ),
    config_file: Optional[str] = typer.Option(
        None, "--config", help="The pyproject.toml to read [tool.gradfix] from (default: the nearest one)."
    ),
    isolated: bool = typer.Option(False, "--isolated", help="Ignore every configuration file."),
    explain: Optional[str] = typer.Option(None, "--explain", metavar="CODE", help="Print a rule's documentation."),
    list_rules: bool = typer.Option(False, "--list-rules", help="Print the table of rules (--format json for JSON)."),
    stdin_filename: Optional[str] = typer.Option(None, "--stdin-filename", help="Name used for stdin in messages."),
    color: Optional[bool] = typer.Option(None, "--color/--no-color", help="Color diffs (default: on a terminal)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print no summary and no progress."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, help="Worker processes (default: all cores)."),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version."),
) -> None:
    """Find and fix PyTorch training loops that mishandle gradients."""
    from gradfix.report.formats import FORMATS

    if output_format not in FORMATS and not (list_rules and output_format == "markdown"):
        raise typer.BadParameter(f"{output_format!r} is not one of {', '.join(FORMATS)}", param_hint="--format")
    if explain is not None:
        _explain(explain)
    if list_rules:
        _list_rules(output_format)

    from pathlib import Path

    from gradfix.config import (
        Config,
        ConfigError,
        Excluder,
        find_config_file,
        load_config,
        resolve_codes,
    )
    from gradfix.files import STDIN, discover
    from gradfix.runner import Options, run

    if diff and write:
        raise typer.BadParameter("--diff and --write cannot be used together", param_hint="--diff/--write")
    if diff and output_format != "text":
        raise typer.BadParameter("--diff prints a diff; it cannot be combined with --format", param_hint="--format")
    targets = list(paths) if paths else ["."]
    if targets.count(STDIN) > 1:
        raise typer.BadParameter("'-' (stdin) can be given only once", param_hint="PATHS")
    if write and STDIN in targets and output_format != "text":
        raise typer.BadParameter("`--write -` prints the fixed source; it cannot be combined with --format")
    cli_select = _check_codes(select, "--select")
    cli_extend = _check_codes(extend_select, "--extend-select")
    cli_ignore = _check_codes(ignore, "--ignore")

    try:
        if isolated:
            config = Config()
        elif config_file is not None:
            config = load_config(Path(config_file))
        else:
            start = Path(stdin_filename) if stdin_filename and STDIN in targets else None
            config = load_config(find_config_file(targets, start=start))
    except ConfigError as error:
        _fail(str(error))
    selected = resolve_codes(config, cli_select, cli_extend, cli_ignore)
    if unsafe_fixes is None:
        unsafe_fixes = bool(config.unsafe_fixes)
    patterns = _split(exclude) if exclude is not None else list(config.exclude)
    excluder = Excluder(patterns, config.root if exclude is None else Path.cwd())

    options = Options(select=frozenset(selected), unsafe_fixes=unsafe_fixes, fix=diff or write)
    stdin_name = stdin_filename or STDIN
    use_color = sys.stdout.isatty() if color is None else color

    sources = [s for s in discover(targets) if not excluder.excluded(s.path)]
    results = run(sources, options, jobs=jobs, read_stdin=lambda: sys.stdin.buffer.read(), stdin_name=stdin_name)
    from gradfix.report.output import Reporter

    show_progress = not quiet and len(sources) > PROGRESS_MIN_FILES and sys.stderr.isatty()
    with _progress(show_progress, len(sources)) as advance:
        # made inside the progress context: on a terminal, findings print above the bar
        reporter = Reporter(
            mode="write" if write else "diff" if diff else "check",
            color=use_color,
            quiet=quiet,
            format=output_format,
        )
        for result in _advancing(results, advance):
            reporter.add(result, is_stdin=result.path == stdin_name and STDIN in targets)
    raise typer.Exit(reporter.finish())


def _advancing(results: Iterable, advance) -> Iterator:  # type: ignore[no-untyped-def,type-arg]
    for result in results:
        yield result
        advance()


class _progress:
    """A rich progress bar on stderr, or nothing."""

    def __init__(self, enabled: bool, total: int) -> None:
        self.enabled = enabled
        self.total = total
        self._progress = None

    def __enter__(self):  # type: ignore[no-untyped-def]
        if not self.enabled:
            return lambda: None
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        console = Console(file=sys.stderr)
        self._progress = Progress(
            TextColumn("gradfix"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("files"),
            TimeRemainingColumn(),
            console=console,
            transient=True,
            # findings go to stdout; only when it shares the terminal do they go above the bar
            redirect_stdout=sys.stdout.isatty(),
            redirect_stderr=False,
        )
        task = self._progress.add_task("checking", total=self.total)
        self._progress.start()
        progress = self._progress
        return lambda: progress.advance(task)

    def __exit__(self, *exc: object) -> None:
        if self._progress is not None:
            self._progress.stop()


def _explain(code: str) -> None:
    from gradfix.report.rules import explain
    from gradfix.transforms import RULES_BY_CODE

    rule = RULES_BY_CODE.get(code.strip().upper())
    if rule is None:
        known = ", ".join(sorted(RULES_BY_CODE))
        _fail(f"unknown rule code {code!r} (known: {known})")
    sys.stdout.write(explain(rule))  # type: ignore[arg-type]
    raise typer.Exit(EXIT_CLEAN)


def _list_rules(output_format: str) -> None:
    from gradfix.report.rules import json_table, markdown_table, text_table

    table = {"json": json_table, "markdown": markdown_table}.get(output_format, text_table)
    sys.stdout.write(table())
    raise typer.Exit(EXIT_CLEAN)


def main() -> None:
    if sys.argv[1:2] == ["server"]:  # the language server (gradfix/lsp/); pygls is imported only here
        from gradfix.lsp import main as serve

        serve(sys.argv[2:])
        return
    app(prog_name="gradfix")
