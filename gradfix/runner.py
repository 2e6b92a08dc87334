"""The front door: documents in, results out.

    run(paths) -> for each file: cache? -> prefilter -> process_source -> FileResult, in order
    process_source(path, bytes): a notebook (gradfix.notebooks) or Python (gradfix.pipeline)

Files are analysed in this process until enough of them need analysis to pay for worker
processes (one per job, each a pool of its own). Each worker keeps to the projects it took
(`_Dispatch`): a project's index -- its helper modules parsed, its files searched for callers
-- is then built in one process, not in every one; a worker with nothing of its own takes a
project no worker has, and only then shares another's. A worker holds two files at a time;
the others wait here, so that they go to whichever worker is ready. A worker that dies (a
segfault, `os._exit`, the kernel's OOM killer) takes its pool down with the files it held;
those files are analysed again, each in a process of its own, so the file whose analysis
kills its process becomes a one-line error for that file (exit status 2, file untouched),
and a new worker takes its place for the rest of the run. Once the walk is over and no file
waits, a worker with nothing left is shut down at once, while the others finish.

The names other modules import from here (`Options`, `Diagnostic`, `FileResult`,
`process_python`, `might_train`, `prefilter`) live in gradfix.pipeline; the import graph is
pipeline <- notebooks <- runner, without a cycle.
"""

from __future__ import annotations

import gc
import itertools
import os
import sys
from collections import deque

from gradfix.files import STDIN, FileError, SourceFile, read_source, steady_run
from gradfix.pipeline import (  # noqa: F401  (re-exported: the public names of the pipeline)
    MAX_PASSES,
    PREFILTER,
    Diagnostic,
    FileResult,
    Options,
    _rules,
    forget_nodes,
    might_train,
    prefilter,
    process_python,
)

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor
    from multiprocessing.connection import Connection
    from typing import Callable, Iterable, Iterator

    from gradfix.cache import Cache

__all__ = [
    "Diagnostic", "FileResult", "Options", "might_train", "prefilter", "process_python", "process_source", "run",
]  # fmt: skip


def process_source(path: str, data: bytes, options: Options, prefiltered: bool = False) -> FileResult:
    """Check (and with `options.fix`, fix) one file's bytes. Never raises for bad input.
    `prefiltered`: the caller has seen `might_train` pass for these bytes (a run over files
    prefilters each before handing it out), so it is not looked at again.

    The cycle collector is paused while one file is analysed: its trees and models are
    garbage only once the file is done, and a collection in the middle scans all of them for
    nothing (on a 5 MB file, more than half the run). What is left over goes at the next
    collection after."""
    _use_roots(options.roots)
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        if path.endswith(".ipynb"):
            from gradfix.notebooks import process_notebook

            return process_notebook(path, data, options, prefiltered)  # the code cells as one program
        return process_python(path, data, options, prefiltered)
    finally:
        forget_nodes()  # the answers about this file's nodes (a notebook's too)
        if paused:
            gc.enable()


def _use_roots(roots: tuple[str, ...]) -> None:
    """gradfix.project.use_roots, without importing the project index for nothing."""
    if roots or "gradfix.project" in sys.modules:
        from gradfix.project import use_roots

        use_roots(roots)


def _batch_process(
    path: str,
    data: bytes,
    options: Options,
    run_id: str | None = None,
    digests: bool = True,
    last: bool = False,
    prefiltered: bool = False,
) -> FileResult:
    """`process_source` in a run over files (the command line, a pool worker). What the
    analysis leaves alive -- the project's index of the file, read again by files that
    import it -- is moved out of the cycle collector's way (`gc.freeze`): otherwise the next
    young collection scans all of it once more for nothing (0.6 s after the 5 MB file, about
    a tenth of a worker's time on real repositories). The analysis leaves next to no cyclic
    garbage to be kept by this (it breaks its own cycles), and such a process ends with its
    run; a language server calls `process_source` itself. `run_id`, `digests`: see
    `steady_run` (without a cache, no hashes of the files read).

    `prefiltered`: as `process_source` (a file `_prepare` handed out).

    `last`: no other analysis follows in this run. The collector then stays paused until the
    freeze, so that no collection runs in between: after a big file the collector is due as
    soon as it is enabled again, and that one young collection scanned everything the
    analysis keeps alive (the 5 MB file: 0.9 s, to find about 130 objects, nested functions
    that call themselves). The little cyclic garbage of the run's last analysis is frozen with
    the rest instead of collected."""
    paused = last and gc.isenabled()
    if paused:
        gc.disable()  # `process_source` then leaves it disabled too
    try:
        with steady_run(run_id, digests):
            result = process_source(path, data, options, prefiltered)
        gc.freeze()
    finally:
        if paused:
            gc.enable()
    return result


def _prefilter(data: bytes, path: str) -> tuple[bool, dict[str, str]]:
    """`prefilter` for a file of either kind (a notebook's code cells, not its JSON)."""
    if path.endswith(".ipynb"):
        from gradfix.notebooks import prefilter_notebook

        return prefilter_notebook(data, path)
    return prefilter(data, path)


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


class _Item:
    """A file to analyse in the pool: handed to a worker (`slot`), in a batch of a few files,
    when one has room for it."""

    __slots__ = ("done", "future", "generation", "index", "root", "slot", "work")

    def __init__(self, work: _Work, root: str) -> None:
        self.work = work
        self.root = root  # its project: files of one project go to one worker while others have work
        self.future: Future[list[FileResult]] | None = None  # its batch's
        self.index = 0  # its place in the batch
        self.slot: _Slot | None = None
        self.generation = 0  # of the slot's pool it went to
        self.done = False  # its future is done, and the worker's room counted again


class _Slot:
    """One worker process (a pool of one), and the files it holds."""

    __slots__ = ("futures", "generation", "pool", "retired")

    def __init__(self) -> None:
        self.pool = _start_pool(1)
        self.generation = 1  # a worker's death replaces the pool
        self.futures: set[Future[list[FileResult]]] = set()  # its batches'
        self.retired = False  # shut down: no file is left for it


# A worker holds at most this many batches at once (one being analysed, one waiting in its
# pipe): the rest wait in gradfix itself, free to go to whichever worker is ready first.
SLOT_DEPTH = 2
# A batch: files handed to a worker in one task, up to this many, stopping once this many bytes
# are in it. Each task costs the pool's threads and the main process about a third of a
# millisecond of CPU (a future, its conditions, two pickles, a wake-up of the manager thread):
# 0.05 s over perf5's 138 files one by one.
BATCH_FILES = 4
BATCH_BYTES = 64 << 10
# Files read and waiting for a worker, at most (bytes and count): the walk pauses beyond them.
AHEAD_FILES = 512
AHEAD_BYTES = 64 << 20
# Results kept to be reported in order behind a file still being analysed, at most.
WINDOW_FILES = 1024  # a changed file's result holds its old and new bytes until it is reported


class _Dispatch:
    """Which worker analyses which file: the files of one project go to the same worker, so
    that the project's index (helper modules parsed, the files searched for callers) is built
    in one process rather than in each; a worker with nothing of its own takes a project no
    worker has yet, and only then shares another's (the earliest file of the project with the
    most files waiting). Files of a project are handed out in the order they were found."""

    def __init__(self, slots: int) -> None:
        self.waiting: dict[str, deque[_Item]] = {}  # project -> its files not handed out yet
        self.owner: dict[str, int] = {}  # project -> the slot that took it
        self.owned: list[dict[str, None]] = [{} for _ in range(slots)]  # slot -> its projects, in order
        self.unowned: dict[str, None] = {}  # projects with waiting files and no worker yet
        self.count = 0  # files waiting
        self.size = 0  # their bytes

    def add(self, item: _Item) -> None:
        root = item.root
        queue = self.waiting.get(root)
        if queue is None:
            queue = self.waiting[root] = deque()
            owner = self.owner.get(root)
            if owner is None:
                self.unowned[root] = None
            else:
                self.owned[owner][root] = None
        queue.append(item)
        self.count += 1
        self.size += len(item.work.data)

    def take(self, index: int) -> _Item | None:
        """The next file for slot `index`, or None when no file waits."""
        owned = self.owned[index]
        if owned:
            return self._pop(next(iter(owned)))  # only projects with files waiting are listed
        if self.unowned:
            root = next(iter(self.unowned))
            self.owner[root] = index
            self.owned[index][root] = None
            del self.unowned[root]
            return self._pop(root)
        if not self.waiting:
            return None
        return self._pop(max(self.waiting, key=lambda root: len(self.waiting[root])))

    def _pop(self, root: str) -> _Item:
        queue = self.waiting[root]
        item = queue.popleft()
        if not queue:  # listed again if more of its files come
            del self.waiting[root]
            owner = self.owner.get(root)
            if owner is not None:
                del self.owned[owner][root]
        self.count -= 1
        self.size -= len(item.work.data)
        return item


def _prepare(source: SourceFile, cache: Cache | None, run_id: str | None = None) -> FileResult | _Work:
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
    with steady_run(run_id, cache is not None):
        train, depends = _prefilter(data, path)
    if not train:  # what process_source answers for such bytes, without the bytes
        result = FileResult(path, depends_on=depends)
        if cache is not None and pending is not None:
            cache.store(pending, result)
        return result
    if depends and pending is not None:
        pending.depends_on = depends  # type: ignore[attr-defined]
    return _Work(path, data, pending)


def run(
    sources: Iterable[SourceFile],
    options: Options,
    jobs: int | None = None,
    read_stdin: Callable[[], bytes] | None = None,
    stdin_name: str = STDIN,
    cache: Cache | None = None,
    steady: bool = False,
) -> Iterator[FileResult]:
    """Results in the order of `sources`, processing in parallel when it pays.

    `steady`: nothing writes to the files during the run (no `--write`), so each file of a
    project is looked at on disk once for the whole run (gradfix.files.steady_run).

    With a `cache` (gradfix.cache.Cache), files whose inputs did not change are answered from
    it, new results are stored, and the cache is saved once every result has been yielded.
    stdin never goes through the cache.
    """
    _use_roots(options.roots)  # the projects files are grouped by (`_project_key`)
    workers = jobs or os.cpu_count() or 1
    digests = cache is not None  # only the cache uses the hashes of the files read
    run_id = f"{os.getpid()}:{next(_RUN_NUMBERS)}" if steady else None
    _calm_gc()
    window: deque[FileResult | _Work | _Item] = deque()
    waiting = 0  # _Work items in the window (no pool yet)
    slots: list[_Slot] = []  # the pool: one worker process each, started when enough files wait
    dispatch = _Dispatch(workers)
    in_flight: dict[Future[list[FileResult]], list[_Item]] = {}  # a batch's future -> its files
    finished: deque[Future[list[FileResult]]] = deque()  # done, not yet taken note of
    walked = False  # every source was seen: no more files join the dispatch

    def finish(work: _Work, result: FileResult) -> FileResult:
        if cache is not None and work.pending is not None:
            cache.store(work.pending, result)  # type: ignore[arg-type]
        return result

    def hand_out() -> None:
        """Give each worker with room the next batch of files for it."""
        for index, slot in enumerate(slots):
            while len(slot.futures) < SLOT_DEPTH and not slot.retired:
                batch: list[_Item] = []
                size = 0
                while len(batch) < BATCH_FILES and size < BATCH_BYTES:
                    item = dispatch.take(index)
                    if item is None:
                        break
                    item.slot, item.generation, item.index = slot, slot.generation, len(batch)
                    batch.append(item)
                    size += len(item.work.data)
                if not batch:
                    return
                future = _submit(slot.pool, [item.work for item in batch], options, run_id, digests)
                for item in batch:
                    item.future = future
                slot.futures.add(future)
                in_flight[future] = batch
                future.add_done_callback(finished.append)  # from the pool's thread: no lock to poll

    def settle(block: bool) -> None:
        """Take note of the files workers are done with (waiting for one when `block`), and
        hand out more. A worker that died takes its pool down: a new one replaces it."""
        if block and not finished and in_flight:
            from concurrent.futures import FIRST_COMPLETED
            from concurrent.futures import wait as wait_for

            finished.extend(wait_for(list(in_flight), return_when=FIRST_COMPLETED).done)
        while finished:
            future = finished.popleft()
            batch = in_flight.pop(future, None)
            if batch is None:
                continue  # seen already (its callback, after a wait that found it done)
            for item in batch:
                item.done = True
            first = batch[0]
            slot = first.slot
            assert slot is not None
            slot.futures.discard(future)
            if first.generation == slot.generation and _broke(future):
                # the files it held went down with it: each is analysed again alone when its
                # turn to be reported comes (`outcome`); the files waiting go to a new worker
                slot.pool.shutdown(wait=True)
                slot.pool = _start_pool(1)
                slot.generation += 1
                _import_engine(options)  # once here, rather than in every process started below
        hand_out()
        if walked and not dispatch.count:
            retire()

    def retire() -> None:
        """Shut down each worker that has nothing left to analyse (the walk is over and no
        file waits for a worker): its process ends while the others finish their last files,
        instead of after them (a worker's exit, its heap unmapped, takes milliseconds, and
        `finally` shuts the pools down one after the other). The files it analysed keep
        their results (their futures are done)."""
        for slot in slots:
            if not slot.futures and not slot.retired:
                slot.retired = True
                slot.pool.shutdown(wait=True)

    def outcome(item: _Item) -> FileResult:
        """The pool's result; after a worker died, the file's own analysis in a process of
        its own (it was in the pool then, and may be the file that killed it)."""
        results = _pool_result(item.future)  # type: ignore[arg-type]
        if results is not None:
            return results[item.index]
        return _isolated(item.work.path, item.work.data, options)

    def ready(head: FileResult | _Work | _Item) -> bool:
        return not isinstance(head, _Item) or head.done

    try:
        for source, final in _marking_last(sources):
            if source.path == STDIN:
                data = read_stdin() if read_stdin else b""
                last = final and not waiting  # no file waits to be analysed after it
                window.append(_batch_process(stdin_name, data, options, run_id, digests, last))
            else:
                item = _prepare(source, cache, run_id)
                if not isinstance(item, _Work):
                    window.append(item)
                elif workers <= 1:
                    window.append(finish(item, _batch_process(item.path, item.data, options, run_id, digests, final, prefiltered=True)))
                elif slots:
                    pooled = _Item(item, _project_key(item.path))
                    window.append(pooled)
                    dispatch.add(pooled)
                    hand_out()
                else:
                    window.append(item)
                    waiting += 1
                    if waiting >= POOL_MIN_FILES:
                        _import_engine(options)  # once, shared by the forked workers
                        _calm_gc()  # and never scanned by their collections
                        slots = [_Slot() for _ in range(workers)]
                        window = deque(_Item(w, _project_key(w.path)) if isinstance(w, _Work) else w for w in window)
                        for entry in window:
                            if isinstance(entry, _Item):
                                dispatch.add(entry)
                        waiting = 0
                        hand_out()
            if final:
                walked = True  # the last source is in: the results of its round may be the last ones
            if slots:
                settle(block=False)
            while True:
                # hand out what is ready, in order
                while window:
                    head = window[0]
                    if isinstance(head, _Work):
                        if len(window) <= LOOKAHEAD:
                            break  # enough work may follow to start a pool
                        window.popleft()
                        waiting -= 1
                        yield finish(head, _batch_process(head.path, head.data, options, run_id, digests, prefiltered=True))
                    elif isinstance(head, _Item):
                        if not ready(head):
                            break
                        window.popleft()
                        yield finish(head.work, outcome(head))
                    else:
                        window.popleft()
                        yield head
                if in_flight and (dispatch.count > AHEAD_FILES or dispatch.size > AHEAD_BYTES or len(window) > WINDOW_FILES):
                    settle(block=True)  # far enough ahead: let the workers catch up
                    continue
                break
        walked = True
        if slots:
            settle(block=False)
        while window:
            head = window.popleft()
            if isinstance(head, _Work):
                waiting -= 1
                yield finish(head, _batch_process(head.path, head.data, options, run_id, digests, not waiting, prefiltered=True))
            elif isinstance(head, _Item):
                while not ready(head):
                    settle(block=True)
                yield finish(head.work, outcome(head))
                settle(block=False)
            else:
                yield head
    finally:
        for slot in slots:
            slot.pool.shutdown(wait=True, cancel_futures=True)
    if cache is not None:
        cache.save()


def _marking_last(sources: Iterable[SourceFile]) -> Iterator[tuple[SourceFile, bool]]:
    """Each source, and whether it is the last (the next one is asked for first)."""
    pending = iter(sources)
    current = next(pending, None)
    while current is not None:
        following = next(pending, None)
        yield current, following is None
        current = following


def _project_key(path: str) -> str:
    """The project a file belongs to, as the worker analysing it will find it (the folder
    cache of gradfix.project, so that a run asks the disk once per folder)."""
    from gradfix.project import project_for

    project = project_for(path)
    return str(project.root) if project is not None else os.path.dirname(path)


def _submit(
    pool: ProcessPoolExecutor, works: list[_Work], options: Options, run_id: str | None, digests: bool
) -> Future[list[FileResult]]:
    """A future for the files' results, in order; one that failed at once when the pool is
    already broken (a worker died since the last result was read)."""
    from concurrent.futures import Future
    from concurrent.futures.process import BrokenProcessPool

    try:
        return pool.submit(_process_batch, [(work.path, work.data) for work in works], options, run_id, digests)
    except BrokenProcessPool as error:
        failed: Future[list[FileResult]] = Future()
        failed.set_exception(error)
        return failed


def _pool_result(future: Future[list[FileResult]]) -> list[FileResult] | None:
    """The future's results, or None when its pool broke (a worker process died)."""
    from concurrent.futures.process import BrokenProcessPool

    try:
        return future.result()
    except BrokenProcessPool:
        return None


def _broke(future: Future[list[FileResult]]) -> bool:
    """A finished future that failed because its pool broke (anything else it raised is
    raised when its result is read)."""
    from concurrent.futures.process import BrokenProcessPool

    return not future.cancelled() and isinstance(future.exception(), BrokenProcessPool)


# The analysis allocates many small objects (syntax trees, loop models) that die with their
# file; CPython's default collection thresholds (700 allocations) ran a collection every few
# statements, and each one scanned everything imported: a third of the CPU time of a run. Rarer
# young collections keep memory bounded (cycles still go) at a fraction of the cost.
GC_THRESHOLDS = (50_000, 20, 20)


def _calm_gc() -> None:
    """Freeze what is loaded (it lives as long as the process: collections need not scan it)
    and make young collections rarer. Once per process for each new set of loaded modules, so
    that a process calling `run` many times (the tests) does not freeze its garbage."""
    global _FROZEN_AT
    loaded = len(sys.modules)
    if loaded == _FROZEN_AT:
        return
    _FROZEN_AT = loaded
    gc.freeze()
    if gc.get_threshold()[0] < GC_THRESHOLDS[0]:
        gc.set_threshold(*GC_THRESHOLDS)


_FROZEN_AT = 0
_RUN_NUMBERS = itertools.count(1)


def _start_pool(workers: int) -> ProcessPoolExecutor:
    import ctypes  # noqa: F401  (for `_die_with_parent`: once here, not in each forked worker)
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


# Test-only: a worker handed a file with this name (its last path component) dies at once with
# `os._exit(70)`, as a segfault or an OOM kill would end it. Read in worker processes only (the
# pool and the isolated re-run), never on the in-process path; tests/test_worker_crash.py sets it.
TEST_WORKER_DIES_ON = "GRADFIX_TEST_WORKER_DIES_ON"


def _process_batch(
    files: list[tuple[str, bytes]], options: Options, run_id: str | None = None, digests: bool = True
) -> list[FileResult]:
    """In a worker: the results of a batch of files, in order (`_process_remote` each)."""
    return [_process_remote(path, data, options, run_id, digests) for path, data in files]


def _process_remote(
    path: str, data: bytes, options: Options, run_id: str | None = None, digests: bool = True
) -> FileResult:
    """In a worker: the original bytes need not travel back unless they are needed. The file
    is one `_prepare` handed out (prefiltered)."""
    if os.environ.get(TEST_WORKER_DIES_ON) and os.path.basename(path) == os.environ[TEST_WORKER_DIES_ON]:
        os._exit(70)
    result = _batch_process(path, data, options, run_id, digests, prefiltered=True)
    if not result.changed:
        result.original = None
    return result


def _import_engine(options: Options) -> None:
    """The analysis modules, imported in this process: a process started by forking it has
    them already (where processes are forked, as on Linux)."""
    import gradfix.analysis.loops  # noqa: F401
    import gradfix.analysis.steps
    import gradfix.positions  # noqa: F401
    import gradfix.project
    import gradfix.suppressions  # noqa: F401
    import gradfix.transforms.apply  # noqa: F401

    _rules(options.select)


def _isolated(path: str, data: bytes, options: Options) -> FileResult:
    """One file analysed in a process of its own: its result, or the error saying that the
    process died (then nothing else was lost with it)."""
    import multiprocessing

    context = multiprocessing.get_context()  # what the pool uses
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_isolated_worker, args=(sender, path, data, options), daemon=True)
    process.start()
    sender.close()
    try:
        answer = receiver.recv()  # before join: a large result would block the child's send
    except EOFError:
        answer = None
    finally:
        receiver.close()
    process.join()
    if isinstance(answer, BaseException):
        raise answer  # an exception of gradfix's own, as the pool would have raised it
    if answer is None:
        return FileResult(
            path,
            error=f"{path}:1:1: error: internal error: the worker analysing this file died "
            f"({_death(process.exitcode)}); file left unchanged",
        )
    return answer  # type: ignore[no-any-return]


def _isolated_worker(sender: Connection, path: str, data: bytes, options: Options) -> None:
    _die_with_parent()
    try:
        answer: object = _process_remote(path, data, options)
    except Exception as error:  # sent back to be raised in gradfix itself
        answer = error
    sender.send(answer)
    sender.close()


def _death(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        import signal

        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = str(-exitcode)
        return f"killed by signal {name}" + (", perhaps out of memory" if name == "SIGKILL" else "")
    return f"exit status {exitcode}"
