"""The per-file pipeline and the process pool.

    bytes -> prefilter -> parse -> loop model -> rules -> fixes (until nothing changes)
          -> verify (output parses) -> FileResult (small, picklable: no trees)
"""

from __future__ import annotations

import ast
import os
import warnings
from collections import Counter, deque
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Sequence

from gradfix.files import STDIN, FileError, SourceFile, read_source

MAX_PASSES = 10
# A file without any of these cannot hold a gradient event any rule looks at.
PREFILTER = (b"backward", b"zero_grad")
# Larger sources are refused (LibCST's parse time grows faster than linearly with size).
MAX_SOURCE_BYTES = 1_000_000


@dataclass(frozen=True)
class Options:
    select: frozenset[str]
    unsafe_fixes: bool = False
    fix: bool = False  # compute fixes (diff and write modes)
    # (code, line, column, cell) of one diagnostic: in fix mode, apply only that finding's fix
    # (first pass only) -- a language server's quick fix. `cell` is for notebooks, else None.
    only: tuple[str, int, int, int | None] | None = None


@dataclass
class Diagnostic:
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    code: str
    message: str
    fixable: bool  # a fix that this run would apply
    fix_safety: str | None  # "safe", "unsafe", "display-only", or None without a fix
    cell: int | None = None  # notebooks: 1-based cell number; line and column are within it


@dataclass
class FileResult:
    path: str
    diagnostics: list[Diagnostic] = field(default_factory=list)  # as found in the original
    remaining: list[Diagnostic] = field(default_factory=list)  # after fixing (fix mode)
    original: bytes | None = None
    fixed: bytes | None = None  # new content when it changed
    encoding: str = "utf-8"
    error: str | None = None  # one line: "path:line:col: error: ..."
    fixed_codes: Counter = field(default_factory=Counter)
    notes: list[str] = field(default_factory=list)  # one line each, for stderr (skipped cells)

    @property
    def changed(self) -> bool:
        return self.fixed is not None and self.fixed != self.original


def might_train(data: bytes) -> bool:
    return any(word in data for word in PREFILTER)


def process_source(path: str, data: bytes, options: Options) -> FileResult:
    """Check (and with `options.fix`, fix) one file's bytes. Never raises for bad input."""
    if path.endswith(".ipynb"):
        from gradfix.notebooks import process_notebook

        return process_notebook(path, data, options)  # each code cell goes through process_python
    return process_python(path, data, options)


def process_python(path: str, data: bytes, options: Options) -> FileResult:
    """Python source bytes: check (and with `options.fix`, fix) them. Never raises for bad input."""
    result = FileResult(path, original=data)
    if not might_train(data):
        return result
    if len(data) > MAX_SOURCE_BYTES:
        size = f"{len(data) / 1e6:.1f} MB; the limit is {MAX_SOURCE_BYTES / 1e6:g} MB"
        result.error = f"{path}:1:1: error: too large for gradfix ({size}); file left unchanged"
        return result
    try:
        _refuse_too_deep(data)
        return _process(path, data, options, result)
    except (RecursionError, MemoryError):
        result.error = f"{path}:1:1: error: too deeply nested for gradfix to read; file left unchanged"
    except _Failure as failure:
        result.error = f"{path}:{failure.line}:{failure.column}: error: {failure}"
    return result


def _refuse_too_deep(data: bytes) -> None:
    """Python's own parser guards its stack; LibCST's native parser crashes the process on
    nesting far beyond what Python accepts (thousands of brackets), so ask Python first."""
    too_deep = "too deeply nested for gradfix to read; file left unchanged"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            ast.parse(data)
        except (RecursionError, MemoryError):
            raise _Failure(too_deep) from None
        except SyntaxError as error:
            if any(word in str(error.msg) for word in ("too many nested", "too many levels", "too complex")):
                raise _Failure(too_deep, error.lineno or 1, error.offset or 1) from None
        except (ValueError, UnicodeDecodeError, LookupError):
            pass  # LibCST names these problems itself


class _Failure(Exception):
    def __init__(self, message: str, line: int = 1, column: int = 1) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


def _parse(data: bytes):  # -> cst.Module
    import libcst as cst

    try:
        return cst.parse_module(data)
    except cst.ParserSyntaxError as error:
        # Python's own parser names the problem better ("Missing parentheses in call to 'print'")
        line, column, message = error.raw_line, error.raw_column + 1, error.message
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                ast.parse(data)
            except SyntaxError as python_error:
                line, column = python_error.lineno or line, python_error.offset or column
                message = python_error.msg or message
            except (ValueError, UnicodeDecodeError):
                pass
        message = " ".join(str(message).split()) or "syntax error"
        raise _Failure(f"cannot parse: {message}; file left unchanged", line, column) from None
    except (UnicodeDecodeError, LookupError, SyntaxError) as error:
        raise _Failure(f"cannot decode: {error}; file left unchanged") from None
    except (ValueError, TypeError) as error:  # null bytes and friends
        raise _Failure(f"cannot parse: {error}; file left unchanged") from None


def _process(path: str, data: bytes, options: Options, result: FileResult) -> FileResult:
    from gradfix.analysis.loops import build_model
    from gradfix.suppressions import filter_suppressed
    from gradfix.transforms.apply import apply_fixes, select_compatible

    module = _parse(data)
    result.encoding = module.encoding
    rules = _rules(options.select)
    changed = False
    first = True
    # fixes never add directives, so the original bytes say whether any pass needs the check
    directives = any(word in data.lower() for word in (b"noqa", b"gradfix:"))
    for _ in range(MAX_PASSES):
        model = build_model(module)
        findings = [finding for rule in rules for finding in rule.check(model)]
        spans = None
        if findings and directives:
            spans = _spans(module, [f.node for f in findings] + [r for f in findings for r in f.related])
            findings = filter_suppressed(findings, module, spans)
        if first:
            result.diagnostics = _diagnostics(path, module, findings, options, spans)
            first = False
        if not options.fix:
            return result
        applicable = [f for f in findings if _applies(f, options)]
        if options.only is not None:
            applicable = _only(module, applicable, options.only, spans)
        if not applicable:
            result.remaining = _diagnostics(path, module, findings, options, spans)
            break
        chosen = select_compatible(f.fix for f in applicable)  # type: ignore[misc]
        chosen_ids = {id(fix) for fix in chosen}
        result.fixed_codes.update(f.code for f in applicable if id(f.fix) in chosen_ids)
        module = _parse(apply_fixes(module, chosen).bytes)
        changed = True
        if options.only is not None:
            break
    else:
        result.remaining = _diagnostics(path, module, findings, options)
    if changed:
        new = module.bytes
        _verify(path, data, new, module.encoding)
        if new != data:
            result.fixed = new
    return result


def _verify(path: str, old: bytes, new: bytes, encoding: str) -> None:
    """The output must compile wherever the input did."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            ast.parse(old.decode(encoding))
        except (SyntaxError, ValueError, UnicodeDecodeError):
            return  # newer syntax than this Python reads: LibCST's own parse vouched for it
        try:
            ast.parse(new.decode(encoding))
        except (SyntaxError, ValueError, UnicodeDecodeError) as error:
            raise _Failure(f"internal error: the fix would not compile ({error}); file left unchanged") from None


def _applies(finding, options: Options) -> bool:  # type: ignore[no-untyped-def]
    from gradfix.transforms.base import Safety

    fix = finding.fix
    if fix is None:
        return False
    return fix.safety is Safety.SAFE or (fix.safety is Safety.UNSAFE and options.unsafe_fixes)


def _only(module, findings: list, only: tuple, spans: dict | None) -> list:  # type: ignore[no-untyped-def,type-arg]
    """The finding reported at `only`'s (code, line, column), if any."""
    code, line, column = only[0], only[1], only[2]
    candidates = [f for f in findings if f.code == code]
    if not candidates:
        return []
    if spans is None or any(id(f.node) not in spans for f in candidates):
        spans = _spans(module, [f.node for f in candidates])
    return [f for f in candidates if spans[id(f.node)][0] == (line, column)][:1]


def _rules(select: frozenset[str]) -> list:  # type: ignore[type-arg]
    from gradfix.transforms import ALL_RULES

    return [rule() for rule in ALL_RULES if rule.code in select]


def _spans(module, nodes: list) -> dict:  # type: ignore[no-untyped-def,type-arg]
    from gradfix.positions import positions_of

    return positions_of(module, nodes)


def _diagnostics(path: str, module, findings: list, options: Options, spans: dict | None = None) -> list[Diagnostic]:  # type: ignore[no-untyped-def,type-arg]
    if not findings:
        return []
    if spans is None:
        spans = _spans(module, [f.node for f in findings])
    out = []
    for finding in findings:
        (line, column), (end_line, end_column) = spans[id(finding.node)]
        out.append(
            Diagnostic(
                path,
                line,
                column,
                end_line,
                end_column,
                finding.code,
                finding.message,
                _applies(finding, options),
                finding.fix.safety.value if finding.fix is not None else None,
            )
        )
    out.sort(key=lambda d: (d.line, d.column, d.code))
    return out


# running many files ----------------------------------------------------------------------
def _load_and_process(source: SourceFile, options: Options) -> FileResult:
    try:
        data = read_source(source.path)
    except FileError as error:
        return FileResult(source.path, error=f"{source.path}: error: {error}")
    return process_source(source.path, data, options)


def run(
    sources: Iterable[SourceFile],
    options: Options,
    jobs: int | None = None,
    read_stdin: Callable[[], bytes] | None = None,
    stdin_name: str = STDIN,
) -> Iterator[FileResult]:
    """Results in the order of `sources`, processing in parallel when it pays."""
    sources = list(sources)
    workers = jobs or os.cpu_count() or 1
    files = [s for s in sources if s.path != STDIN]
    if workers <= 1 or len(files) < 16:
        for source in sources:
            if source.path == STDIN:
                data = read_stdin() if read_stdin else b""
                yield process_source(stdin_name, data, options)
            else:
                yield _load_and_process(source, options)
        return
    with ProcessPoolExecutor(max_workers=workers, initializer=_die_with_parent) as pool:
        yield from _in_pool(pool, sources, options, workers, read_stdin, stdin_name)


def _in_pool(
    pool: Executor,
    sources: Sequence[SourceFile],
    options: Options,
    workers: int,
    read_stdin: Callable[[], bytes] | None,
    stdin_name: str,
) -> Iterator[FileResult]:
    # A bounded window of work in flight: memory stays flat however many files there are.
    window: deque[Future[FileResult] | FileResult] = deque()
    limit = workers * 8
    for source in sources:
        if source.path == STDIN:
            data = read_stdin() if read_stdin else b""
            window.append(process_source(stdin_name, data, options))
        else:
            try:
                data = read_source(source.path)
            except FileError as error:
                window.append(FileResult(source.path, error=f"{source.path}: error: {error}"))
                data = None
            if data is not None:
                if might_train(data):
                    window.append(pool.submit(_process_remote, source.path, data, options))
                else:
                    window.append(FileResult(source.path, original=data))
        while len(window) > limit or (window and not isinstance(window[0], Future)):
            head = window.popleft()
            yield head.result() if isinstance(head, Future) else head
    while window:
        head = window.popleft()
        yield head.result() if isinstance(head, Future) else head


def _die_with_parent() -> None:
    """A worker must not outlive a gradfix that was killed (kill -9 leaves pool workers
    blocked forever otherwise). Linux only; elsewhere the pool's own shutdown applies."""
    try:
        import ctypes
        import signal

        libc = ctypes.CDLL(None, use_errno=True)
        PR_SET_PDEATHSIG = 1
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass


def _process_remote(path: str, data: bytes, options: Options) -> FileResult:
    """In a worker: the original bytes need not travel back unless they are needed."""
    result = process_source(path, data, options)
    if not result.changed:
        result.original = None
    return result
