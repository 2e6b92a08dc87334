"""The command line: flags -> options -> runner -> output and exit code. No analysis here.

One `argparse` parser (standard library): `gradfix FILE` runs on every save and every
pre-commit, so a plain run imports only what it uses. rich is imported only to color a diff
or to draw the progress bar on a terminal; the rules (and the parser they need) only once a
file passes the byte prefilter; `--list-rules` and code validation read `gradfix.catalog`.
"""

from __future__ import annotations

import argparse
import os
import sys

from gradfix import __version__

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Iterable, Iterator, NoReturn, Sequence

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
# a progress bar only pays (and only shows) for runs over this many files
PROGRESS_MIN_FILES = 100
DESCRIPTION = "Find and fix PyTorch training loops that mishandle gradients."


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not in the range x>=1")
    return value


def _formatter(prog: str) -> argparse.HelpFormatter:
    """argparse's own formatter, told the terminal width: by itself it imports `shutil` to ask,
    once for every option declared, though the width only matters when help is printed."""
    try:
        width = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        try:
            width = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            width = 80
    return argparse.HelpFormatter(prog, width=max(width - 2, 40), max_help_position=30)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gradfix",
        usage="gradfix [OPTIONS] [PATHS]...",
        description=DESCRIPTION,
        formatter_class=_formatter,  # type: ignore[arg-type]
        allow_abbrev=False,  # `--sel` is not `--select`: options are spelled out, as in ruff and black
        add_help=False,
    )
    add = parser.add_argument
    add("paths", nargs="*", metavar="PATHS", help="Files or directories to check; '-' reads stdin.")
    add("--diff", action="store_true", help="Show the fixes as a unified diff; write nothing.")
    add("--write", action="store_true", help="Apply the fixes in place ('-': fixed source to stdout).")
    add("--select", metavar="CODES", help="Rules to run, comma-separated (e.g. GF001,GF002).")
    add("--extend-select", metavar="CODES", help="Rules to run on top of the selection.")
    add("--ignore", metavar="CODES", help="Rules to skip, comma-separated.")
    add(
        "--exclude",
        metavar="PATTERNS",
        help="Paths to skip, comma-separated gitignore-style patterns (replaces the config's).",
    )
    add(
        "--unsafe-fixes",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="Also apply fixes marked unsafe.",
    )
    add(
        "--format",
        dest="output_format",
        default="text",
        metavar="FORMAT",
        help="Findings as text, json, sarif (GitHub code scanning) or github (annotations). Default: text.",
    )
    add(
        "--config",
        dest="config_file",
        metavar="PATH",
        help="The pyproject.toml to read [tool.gradfix] from (default: the nearest one).",
    )
    add("--isolated", action="store_true", help="Ignore every configuration file.")
    add(
        "--no-cache",
        action="store_true",
        help="Neither read nor write the result cache (default: .gradfix_cache/ at the project root).",
    )
    add("--explain", metavar="CODE", help="Print a rule's documentation.")
    add("--list-rules", action="store_true", help="Print the table of rules (--format json for JSON).")
    add("--stdin-filename", metavar="NAME", help="Name used for stdin in messages.")
    add(
        "--color",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="Color diffs (default: on a terminal).",
    )
    add("-q", "--quiet", action="store_true", help="Print no summary and no progress.")
    add("-j", "--jobs", type=_positive_int, metavar="N", help="Worker processes (default: all cores).")
    add("--version", action="version", version=f"gradfix {__version__}", help="Print the version.")
    add("-h", "--help", action="help", help="Show this message and exit.")
    return parser


def _split(text: str | None) -> list[str] | None:
    if text is None:
        return None
    return [item.strip() for item in text.split(",") if item.strip()]


def _check_codes(parser: argparse.ArgumentParser, text: str | None, option: str) -> list[str] | None:
    """`GF001,GF002`, a prefix such as `GF00`, or `ALL`; unknown codes are usage errors."""
    from gradfix.config import expand_codes

    items = _split(text)
    if items:
        for item in items:
            try:
                expand_codes([item])
            except ValueError as error:
                parser.error(f"argument {option}: {error}")
    return items or None  # an empty list means "not given", as before


def _fail(message: str) -> NoReturn:
    sys.stderr.write(f"gradfix: error: {message}\n")
    raise SystemExit(EXIT_ERROR)


def main(argv: Sequence[str] | None = None) -> NoReturn:
    # Ctrl-C and a closed pipe (`gradfix --diff . | head`) end the run as they did when the
    # command line ran on click: exit 1, with "Aborted!" for Ctrl-C, without a traceback
    try:
        code = _main(argv)
    except KeyboardInterrupt:
        sys.stderr.write("\nAborted!\n")
        code = EXIT_FINDINGS
    except BrokenPipeError:
        # nothing more can reach the reader; keep the interpreter's final flush from failing too
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = EXIT_FINDINGS
    raise SystemExit(code)


def entry() -> NoReturn:
    """The `gradfix` command: `main`, then out of the process at once. Tearing the
    interpreter down frees every object one by one and runs a last full collection: after a
    big file that took as long as the analysis itself (5 MB: 4.7 s of 10). Everything gradfix
    writes is flushed first; nothing else is pending by then (the cache is saved and the
    worker pool shut down before `main` returns)."""
    try:
        main()
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


def _main(argv: Sequence[str] | None) -> int:
    args_given = list(sys.argv[1:] if argv is None else argv)
    if args_given[:1] == ["server"]:  # the language server (gradfix/lsp/); pygls is imported only here
        from gradfix.lsp import main as serve

        serve(args_given[1:])
        return EXIT_CLEAN
    parser = build_parser()
    args = parser.parse_intermixed_args(argv)
    output_format: str = args.output_format
    from gradfix.report.formats import FORMATS

    if output_format not in FORMATS and not (args.list_rules and output_format == "markdown"):
        parser.error(f"argument --format: {output_format!r} is not one of {', '.join(FORMATS)}")
    if args.explain is not None:
        return _explain(args.explain)
    if args.list_rules:
        return _list_rules(output_format)

    from gradfix.config import (
        ConfigError,
        Excluder,
        cache_directory,
        find_config_file,
        load_config,
        resolve_codes,
    )
    from gradfix.files import STDIN, discover
    from gradfix.runner import Options, run

    diff, write = args.diff, args.write
    if diff and write:
        parser.error("argument --diff/--write: --diff and --write cannot be used together")
    if diff and output_format != "text":
        parser.error("argument --format: --diff prints a diff; it cannot be combined with --format")
    targets = list(args.paths) if args.paths else ["."]
    if targets.count(STDIN) > 1:
        parser.error("argument PATHS: '-' (stdin) can be given only once")
    if write and STDIN in targets and output_format != "text":
        parser.error("`--write -` prints the fixed source; it cannot be combined with --format")
    cli_select = _check_codes(parser, args.select, "--select")
    cli_extend = _check_codes(parser, args.extend_select, "--extend-select")
    cli_ignore = _check_codes(parser, args.ignore, "--ignore")

    stdin_filename = args.stdin_filename
    try:
        if args.isolated:
            from gradfix.config import Config

            config = Config()
        elif args.config_file is not None:
            config = load_config(args.config_file)
        else:
            start = stdin_filename if stdin_filename and STDIN in targets else None
            config = load_config(find_config_file(targets, start=start))
    except ConfigError as error:
        _fail(str(error))
    selected = resolve_codes(config, cli_select, cli_extend, cli_ignore)
    unsafe_fixes = args.unsafe_fixes
    if unsafe_fixes is None:
        unsafe_fixes = bool(config.unsafe_fixes)
    patterns = _split(args.exclude) if args.exclude is not None else list(config.exclude)
    excluder = Excluder(patterns, config.root if args.exclude is None else os.getcwd())

    from gradfix.project import given_roots

    roots = given_roots(targets)
    options = Options(select=frozenset(selected), unsafe_fixes=unsafe_fixes, fix=diff or write, roots=roots)
    stdin_name = stdin_filename or STDIN
    use_color = sys.stdout.isatty() if args.color is None else args.color

    cache = None
    cache_dir = None if args.no_cache else cache_directory(targets, config)
    if cache_dir is not None:
        from gradfix.cache import open_cache

        cache = open_cache(cache_dir, options)
    found = (s for s in discover(targets) if not excluder.excluded(s.path))
    # a progress bar needs the number of files first; otherwise each file is handed on as the
    # walk finds it, and the analysis starts without waiting for the whole tree to be walked
    progress_possible = not args.quiet and sys.stderr.isatty()
    sources = list(found) if progress_possible else found
    results = run(
        sources,
        options,
        jobs=args.jobs,
        read_stdin=lambda: sys.stdin.buffer.read(),
        stdin_name=stdin_name,
        cache=cache,
        steady=not write,  # nothing is written during the run: each file is looked at once
    )
    from gradfix.report.output import Reporter

    quiet = args.quiet
    total = len(sources) if isinstance(sources, list) else 0
    show_progress = progress_possible and total > PROGRESS_MIN_FILES
    with _progress(show_progress, total) as advance:
        # made inside the progress context: on a terminal, findings print above the bar
        reporter = Reporter(
            mode="write" if write else "diff" if diff else "check",
            color=use_color,
            quiet=quiet,
            format=output_format,
        )
        for result in _advancing(results, advance):
            reporter.add(result, is_stdin=result.path == stdin_name and STDIN in targets)
    return reporter.finish()


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


def _explain(code: str) -> int:
    from gradfix.catalog import CODES

    wanted = code.strip().upper()
    if wanted not in CODES:
        _fail(f"unknown rule code {code!r} (known: {', '.join(sorted(CODES))})")
    from gradfix.report.rules import explain
    from gradfix.transforms import RULES_BY_CODE

    sys.stdout.write(explain(RULES_BY_CODE[wanted]))
    return EXIT_CLEAN


def _list_rules(output_format: str) -> int:
    from gradfix.report.rules import json_table, markdown_table, text_table

    table = {"json": json_table, "markdown": markdown_table}.get(output_format, text_table)
    sys.stdout.write(table())
    return EXIT_CLEAN
