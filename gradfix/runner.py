"""The per-file pipeline and the process pool.

    bytes -> prefilter -> parse -> loop model -> rules -> fixes (until nothing changes)
          -> verify (output parses) -> FileResult (small, picklable: no trees)
"""

from __future__ import annotations

import os
import re
from collections import Counter, deque
from dataclasses import dataclass, field

from gradfix.files import STDIN, FileError, SourceFile, read_source
from gradfix.source import Source, SourceError, parse, shifted

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor
    from typing import Callable, Iterable, Iterator

    from gradfix.cache import Cache

MAX_PASSES = 10
# A file can hold a training iteration only if it backpropagates: through a tensor's (or an
# engine's) `.backward`, Lightning's `manual_backward`, `torch.autograd.backward`, or a loss
# scaler that calls backward itself (timm's `loss_scaler(loss, optimizer)`, Apex's
# `amp.scale_loss`). `def backward(ctx, grad)` of a custom autograd Function is not one.
# The loss a framework backpropagates by itself (Lightning's `training_step`, an HF Trainer's
# `compute_loss`) matters when it is divided by the accumulation count the framework divides by.
PREFILTER = (
    b".backward", b"manual_backward", b"loss_scaler", b"scale_loss", b"NativeScaler", b"ApexScaler",
    b"accumulate_grad_batches", b"gradient_accumulation_steps",
)  # fmt: skip
_BARE_BACKWARD = re.compile(rb"(?<!def )(?<![\w.])backward\s*\(")


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
    # other files the result was computed from: path -> gradfix.cache.content_hash of the bytes
    # read (or gradfix.cache.ABSENT: relied on there being no such file); the cache reuses the
    # result only while each still hashes the same
    depends_on: dict[str, str] = field(default_factory=dict)

    @property
    def changed(self) -> bool:
        return self.fixed is not None and self.fixed != self.original


def might_train(data: bytes, path: str | None = None) -> bool:
    """A cheap look at the bytes: could this file hold a training iteration? Its own
    backward call, or (when it steps or clears an optimizer) one in a module of its project
    that it imports."""
    return prefilter(data, path)[0]


def prefilter(data: bytes, path: str | None) -> tuple[bool, dict[str, str]]:
    """`might_train`, and the other files the answer read (path -> content hash)."""
    if any(word in data for word in PREFILTER):
        return True, {}
    if b"backward" in data and _BARE_BACKWARD.search(data) is not None:
        return True, {}
    if path is None or path == STDIN or not (b".step(" in data or b"zero_grad" in data):
        return False, {}
    from gradfix.project import project_for

    project = project_for(path)
    if project is None:
        return False, {}
    project.touched = {}
    answer = project.imports_backpropagation(data, path)
    return answer, dict(project.touched)


def process_source(path: str, data: bytes, options: Options) -> FileResult:
    """Check (and with `options.fix`, fix) one file's bytes. Never raises for bad input."""
    if path.endswith(".ipynb"):
        from gradfix.notebooks import process_notebook

        return process_notebook(path, data, options)  # each code cell goes through process_python
    return process_python(path, data, options)


def process_python(path: str, data: bytes, options: Options) -> FileResult:
    """Python source bytes: check (and with `options.fix`, fix) them. Never raises for bad input."""
    result = FileResult(path, original=data)
    train, depends = prefilter(data, _file_path(path))
    if not train:
        result.depends_on = depends
        return result
    try:
        return _process(path, data, options, result)
    except (RecursionError, MemoryError):
        result.error = f"{path}:1:1: error: too deeply nested for gradfix to read; file left unchanged"
    except SourceError as failure:
        result.error = f"{path}:{failure.line}:{failure.column}: error: {failure}; file left unchanged"
    return result


def _process(path: str, data: bytes, options: Options, result: FileResult) -> FileResult:
    from gradfix.analysis.loops import build_model
    from gradfix.suppressions import filter_suppressed
    from gradfix.transforms.apply import apply_fixes, select_compatible

    from gradfix.project import project_for

    project = project_for(path)
    if project is not None:
        project.touched = {}
    source = Source.from_bytes(data, _file_path(path))
    result.encoding = source.encoding
    rules = _rules(options.select)
    changed = False
    first = True
    # fixes never add directives, so the original bytes say whether any pass needs the check
    directives = any(word in data.lower() for word in (b"noqa", b"gradfix:"))
    findings: list = []  # type: ignore[type-arg]
    for _ in range(MAX_PASSES):
        model = build_model(source, project)
        findings = [finding for rule in rules for finding in rule.check(model)]
        spans = None
        if findings and directives:
            spans = _spans(source, [f.node for f in findings] + [r for f in findings for r in f.related])
            findings = filter_suppressed(findings, source, spans)
        if first:
            result.diagnostics = _diagnostics(path, source, findings, options, spans)
            first = False
        if not options.fix:
            return result
        applicable = [f for f in findings if _applies(f, options)]
        if options.only is not None:
            applicable = _only(source, applicable, options.only, spans)
        if not applicable:
            result.remaining = _diagnostics(path, source, findings, options, spans)
            break
        chosen = select_compatible(f.fix for f in applicable)  # type: ignore[misc]
        chosen_ids = {id(fix) for fix in chosen}
        result.fixed_codes.update(f.code for f in applicable if id(f.fix) in chosen_ids)
        applied: list = []  # type: ignore[type-arg]
        text = apply_fixes(source, chosen, applied)
        try:
            if source.left_out is not None:  # a big file: only what may matter is parsed again
                source = Source.reduced(text, source.encoding, path=source.path, left_out=shifted(source.left_out, source, applied))
            else:
                source = Source(text, parse(text), source.encoding, path=source.path)
        except SourceError as error:
            raise SourceError(f"internal error: the fix would not compile ({error})") from None
        changed = True
        if options.only is not None:
            break
    else:
        # fixes that keep finding something to fix are a defect of a rule: write nothing
        raise SourceError(f"internal error: the fixes did not settle after {MAX_PASSES} passes")
    if project is not None:
        own = os.path.abspath(path)
        result.depends_on = {name: digest for name, digest in project.touched.items() if name != own}
    if changed and source.left_out:
        _compiles(source.text)  # the whole fixed file, not only the part analysed again
    if changed:
        try:
            new = source.data
        except UnicodeEncodeError as error:
            raise SourceError(f"internal error: the fix cannot be written in {source.encoding} ({error})") from None
        if new != data:
            result.fixed = new
    return result


def _compiles(text: str) -> None:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            compile(text, "<gradfix>", "exec", dont_inherit=True)
        except (SyntaxError, ValueError) as error:
            raise SourceError(f"internal error: the fix would not compile ({error})") from None


def _file_path(path: str) -> str | None:
    """The file a path names, for looking up its project (`nb.ipynb:cell_3` is in nb.ipynb)."""
    if path == STDIN:
        return None
    return path.split(":cell_", 1)[0]


def _applies(finding, options: Options) -> bool:  # type: ignore[no-untyped-def]
    from gradfix.transforms.base import Safety

    fix = finding.fix
    if fix is None:
        return False
    return fix.safety is Safety.SAFE or (fix.safety is Safety.UNSAFE and options.unsafe_fixes)


def _only(source: Source, findings: list, only: tuple, spans: dict | None) -> list:  # type: ignore[type-arg]
    """The finding reported at `only`'s (code, line, column), if any."""
    code, line, column = only[0], only[1], only[2]
    candidates = [f for f in findings if f.code == code]
    if not candidates:
        return []
    if spans is None or any(id(f.node) not in spans for f in candidates):
        spans = _spans(source, [f.node for f in candidates])
    return [f for f in candidates if spans[id(f.node)][0] == (line, column)][:1]


def _rules(select: frozenset[str]) -> list:  # type: ignore[type-arg]
    from gradfix.transforms import ALL_RULES

    return [rule() for rule in ALL_RULES if rule.code in select]


def _spans(source: Source, nodes: list) -> dict:  # type: ignore[type-arg]
    from gradfix.positions import positions_of

    return positions_of(source, nodes)


def _diagnostics(path: str, source: Source, findings: list, options: Options, spans: dict | None = None) -> list[Diagnostic]:  # type: ignore[type-arg]
    if not findings:
        return []
    if spans is None:
        spans = _spans(source, [f.node for f in findings])
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
# A pool pays only for this many files to analyse (prefilter passed, not answered by the cache):
# each worker imports the parser on its own.
POOL_MIN_FILES = 16
# Without a pool yet, results wait in order behind a file to analyse for at most this many
# files, in case enough work follows to start one; they are small (no bytes).
LOOKAHEAD = 1024


class _Work:
    """A file to analyse: its bytes, and what the cache needs to store the result."""

    __slots__ = ("path", "data", "pending")

    def __init__(self, path: str, data: bytes, pending: object | None) -> None:
        self.path = path
        self.data = data
        self.pending = pending


class _Submitted:
    """A file being analysed in the pool."""

    __slots__ = ("work", "future")

    def __init__(self, work: _Work, future: Future[FileResult]) -> None:
        self.work = work
        self.future = future


def _prepare(source: SourceFile, cache: Cache | None) -> FileResult | _Work:
    """The result when it is known without analysis (read error, cache hit, no gradient code)."""
    path = source.path
    pending = None
    try:
        if cache is None:
            data = read_source(path)
        else:
            hit, data, pending = cache.lookup(path)  # type: ignore[assignment]
            if hit is not None:
                return hit
    except FileError as error:
        return FileResult(path, error=f"{path}: error: {error}")
    train, depends = prefilter(data, path)
    if not train:  # what process_source answers for such bytes, without the bytes
        result = FileResult(path, depends_on=depends)
        if cache is not None and pending is not None:
            cache.store(pending, result)
        return result
    return _Work(path, data, pending)


def run(
    sources: Iterable[SourceFile],
    options: Options,
    jobs: int | None = None,
    read_stdin: Callable[[], bytes] | None = None,
    stdin_name: str = STDIN,
    cache: Cache | None = None,
) -> Iterator[FileResult]:
    """Results in the order of `sources`, processing in parallel when it pays.

    With a `cache` (gradfix.cache.Cache), files whose inputs did not change are answered from
    it, new results are stored, and the cache is saved once every result has been yielded.
    stdin never goes through the cache.
    """
    workers = jobs or os.cpu_count() or 1
    window: deque[FileResult | _Work | _Submitted] = deque()
    waiting = 0  # _Work items in the window (no pool yet)
    in_flight = 0  # futures in the window
    limit = workers * 8
    pool: ProcessPoolExecutor | None = None

    def finish(work: _Work, result: FileResult) -> FileResult:
        if cache is not None and work.pending is not None:
            cache.store(work.pending, result)  # type: ignore[arg-type]
        return result

    def submit(work: _Work) -> _Submitted:
        return _Submitted(work, pool.submit(_process_remote, work.path, work.data, options))  # type: ignore[union-attr]

    try:
        for source in sources:
            if source.path == STDIN:
                data = read_stdin() if read_stdin else b""
                window.append(process_source(stdin_name, data, options))
            else:
                item = _prepare(source, cache)
                if not isinstance(item, _Work):
                    window.append(item)
                elif workers <= 1:
                    window.append(finish(item, process_source(item.path, item.data, options)))
                elif pool is not None:
                    window.append(submit(item))
                    in_flight += 1
                else:
                    window.append(item)
                    waiting += 1
                    if waiting >= POOL_MIN_FILES:
                        pool = _start_pool(workers)
                        window = deque(submit(w) if isinstance(w, _Work) else w for w in window)
                        in_flight, waiting = in_flight + waiting, 0
            # hand out what is ready, in order
            while window:
                head = window[0]
                if isinstance(head, _Work):
                    if len(window) <= LOOKAHEAD:
                        break  # enough work may follow to start a pool
                    window.popleft()
                    waiting -= 1
                    yield finish(head, process_source(head.path, head.data, options))
                elif isinstance(head, _Submitted):
                    if in_flight <= limit and not head.future.done():
                        break
                    window.popleft()
                    in_flight -= 1
                    yield finish(head.work, head.future.result())
                else:
                    window.popleft()
                    yield head
        while window:
            head = window.popleft()
            if isinstance(head, _Work):
                yield finish(head, process_source(head.path, head.data, options))
            elif isinstance(head, _Submitted):
                yield finish(head.work, head.future.result())
            else:
                yield head
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    if cache is not None:
        cache.save()


def _start_pool(workers: int) -> ProcessPoolExecutor:
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(max_workers=workers, initializer=_die_with_parent)


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
