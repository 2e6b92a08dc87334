"""A run over files that writes nothing looks at each file of a project on disk once
(gradfix.files.steady_run): the project index searches every file for the callers of each step
function, and did so with a `stat` of each file again for every analysis. These tests pin what
must not change with it: every result, and every dependency the cache keys on; and that the
snapshot ends with its run, and is never taken by a run that writes. The dependencies are
hashed only for the result cache (their one reader): these runs have one, each in a new folder
so that nothing is answered from it."""

from __future__ import annotations

import itertools
import multiprocessing
import os
from pathlib import Path

import pytest

import gradfix.project as project_module
from gradfix import files, runner
from gradfix.cache import ABSENT, Cache, content_hash, open_cache
from gradfix.cli import main
from gradfix.files import SourceFile
from gradfix.pipeline import Options
from gradfix.project import SAYING_KEY, project_root
from gradfix.transforms import default_codes

OPTIONS = Options(select=frozenset(default_codes()))

STEP = '''"""One step of training, called per batch elsewhere."""


def train_step(model, optimizer, batch):
    loss = model(batch).mean()
    loss.backward()
    optimizer.step()
    return loss.item()
'''

CALLER = '''import torch

from {module} import train_step


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        {clear}train_step(model, optimizer, batch)
'''


def _project(root: Path) -> list[Path]:
    """Two step functions with the same name (each searched for by name in every file), their
    callers (one clears, one does not), and a file that only mentions the name."""
    (root / "pyproject.toml").write_text("[project]\nname = 'p'\n")
    (root / "steps_a.py").write_text(STEP)
    (root / "steps_b.py").write_text(STEP)
    (root / "run_a.py").write_text(CALLER.format(module="steps_a", clear=""))
    (root / "run_b.py").write_text(CALLER.format(module="steps_b", clear="optimizer.zero_grad()\n        "))
    (root / "notes.py").write_text('"""train_step is documented in steps_a."""\n')
    return sorted(root.glob("*.py"))


def _fresh_index() -> None:
    project_module._PROJECTS.clear()
    project_module._ROOTS.clear()


_CACHES = itertools.count()


def _new_cache(root: Path) -> Cache:
    """An empty result cache: a run with one records the hash of every file it read."""
    return open_cache(str(root / f".cache-{next(_CACHES)}"), OPTIONS)


def _results(paths: list[Path], steady: bool) -> dict[str, tuple[list, dict[str, str]]]:
    _fresh_index()
    cache = _new_cache(paths[0].parent)
    results = runner.run([SourceFile(str(p)) for p in paths], OPTIONS, jobs=1, steady=steady, cache=cache)
    return {r.path: ([(d.line, d.column, d.code, d.message) for d in r.diagnostics], r.depends_on) for r in results}


def test_a_steady_run_finds_and_records_what_separate_analyses_do(tmp_path: Path) -> None:
    paths = _project(tmp_path)
    steady = _results(paths, steady=True)
    looked_again = _results(paths, steady=False)
    assert steady == looked_again
    # the step function of the loop that does not clear is found, through the other file
    assert any(code == "GF001" for _, _, code, _ in steady[str(tmp_path / "steps_a.py")][0])
    assert not steady[str(tmp_path / "steps_b.py")][0]
    # both step functions depend on every file that may call them (a file that starts to
    # call one changes its result): the second analysis records them too, from the run's look
    # (the search through every file: one key, the files saying the empty word, see
    # tests/test_cache_dependencies.py; the callers it found, as files)
    for name, caller in (("steps_a.py", "run_a.py"), ("steps_b.py", "run_b.py")):
        depends = steady[str(tmp_path / name)][1]
        assert SAYING_KEY + project_root(str(tmp_path / name)) + "\0" in depends
        assert caller in {Path(p).name for p in depends}


class _CountingOs:
    """The `os` module as gradfix.project sees it, counting its looks at files on disk."""

    def __init__(self) -> None:
        self.looks: dict[str, int] = {}

    def __getattr__(self, name: str) -> object:
        return getattr(os, name)

    def stat(self, path, *args, **kwargs):  # type: ignore[no-untyped-def]
        self.looks[str(path)] = self.looks.get(str(path), 0) + 1
        return os.stat(path, *args, **kwargs)


def test_each_file_is_looked_at_once_in_a_steady_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paths = _project(tmp_path)
    counting = _CountingOs()
    monkeypatch.setattr(project_module, "os", counting)
    _results(paths, steady=True)
    assert set(counting.looks) >= {str(p) for p in paths}
    assert max(counting.looks.values()) == 1
    counting.looks.clear()
    _results(paths, steady=False)
    assert max(counting.looks.values()) > 1  # each analysis with a step function looks at every file again


def test_the_snapshot_ends_with_its_run(tmp_path: Path) -> None:
    paths = _project(tmp_path)
    before = _results(paths, steady=True)
    assert files.steady is None
    # the caller that did not clear now does: the next run (steady or not) sees the edit
    (tmp_path / "run_a.py").write_text(CALLER.format(module="steps_a", clear="optimizer.zero_grad()\n        "))
    for steady in (True, False):
        cache = _new_cache(tmp_path)
        runner_results = runner.run([SourceFile(str(tmp_path / "steps_a.py"))], OPTIONS, jobs=1, steady=steady, cache=cache)
        (result,) = list(runner_results)
        assert not result.diagnostics
        assert result.depends_on != before[str(tmp_path / "steps_a.py")][1]


@pytest.mark.parametrize(("flags", "steady"), [((), True), (("--diff",), True), (("--write",), False)])
def test_only_runs_that_write_nothing_are_steady(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flags: tuple[str, ...], steady: bool
) -> None:
    _project(tmp_path)
    seen: list[bool] = []
    real_run = runner.run

    def recording_run(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(kwargs.get("steady", False))
        return real_run(*args, **kwargs)

    monkeypatch.setattr(runner, "run", recording_run)
    with pytest.raises(SystemExit):
        main([*flags, "--no-cache", "--jobs", "1", str(tmp_path)])
    assert seen == [steady]


def test_a_run_without_a_cache_hashes_nothing_and_its_results_are_never_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hashes are for the cache alone: without one, the files a result depended on are
    recorded as UNHASHED (a pool worker's result says so too), and a cache handed such a
    result does not store it, as for a file that changed since it was read."""
    paths = _project(tmp_path)
    hashed: list[int] = []
    real_hash = content_hash

    def counting_hash(data: bytes) -> str:
        hashed.append(len(data))
        return real_hash(data)

    monkeypatch.setattr("gradfix.cache.content_hash", counting_hash)
    _fresh_index()
    plain = list(runner.run([SourceFile(str(p)) for p in paths], OPTIONS, jobs=1, steady=True))
    assert not hashed
    step_a = next(r for r in plain if r.path.endswith("steps_a.py"))
    # (a file looked for and not there, the package `__init__.py` a re-export would sit in, is
    # recorded as absent: no hash either)
    assert step_a.depends_on and files.UNHASHED in step_a.depends_on.values()
    assert set(step_a.depends_on.values()) <= {files.UNHASHED, ABSENT}
    # the same findings and the same files as a run that hashes, only without the hashes
    with_cache = _results(paths, steady=True)
    assert hashed
    for result in plain:
        findings, depends = with_cache[result.path]
        assert [(d.line, d.column, d.code, d.message) for d in result.diagnostics] == findings
        # (the dependencies that are not files, `project.SAYING_KEY` ..., are the cache's alone)
        assert set(result.depends_on) == {name for name in depends if not name.startswith("\0")}
        assert not any(name.startswith("\0") for name in result.depends_on)
        assert all(digest not in (files.UNHASHED,) for digest in depends.values())
    # a cache never keeps a result whose dependencies were not hashed
    assert files.digests and files.steady is None
    cache = _new_cache(tmp_path)
    hit, _, pending = cache.lookup(str(tmp_path / "steps_a.py"))
    assert hit is None and pending is not None
    cache.store(pending, step_a)
    assert cache.lookup(str(tmp_path / "steps_a.py"))[0] is None
    step_a.depends_on = with_cache[step_a.path][1]  # the same result, hashed: kept
    cache.store(cache.lookup(str(tmp_path / "steps_a.py"))[2], step_a)
    assert cache.lookup(str(tmp_path / "steps_a.py"))[0] is not None


def test_without_a_progress_bar_files_are_analysed_as_the_walk_finds_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command line hands each file on as the walk finds it (no waiting for the whole
    tree) unless it shows a progress bar, which needs the number of files first. The run
    looks one file ahead, to know which analysis is its last (`runner._marking_last`)."""
    import gradfix.files as files_module

    _project(tmp_path)
    events: list[str] = []
    real_walk, real_prepare = files_module._walk, runner._prepare

    def walk(*args, **kwargs):  # type: ignore[no-untyped-def]
        for source in real_walk(*args, **kwargs):
            events.append("found " + Path(source.path).name)
            yield source

    def prepare(source, *args, **kwargs):  # type: ignore[no-untyped-def]
        events.append("read " + Path(source.path).name)
        return real_prepare(source, *args, **kwargs)

    monkeypatch.setattr(files_module, "_walk", walk)
    monkeypatch.setattr(runner, "_prepare", prepare)
    with pytest.raises(SystemExit):
        main(["--no-cache", "--jobs", "1", str(tmp_path)])
    names = sorted(p.name for p in tmp_path.glob("*.py"))
    assert len(names) > 2
    expected = [f"found {names[0]}"]
    for found, read in zip(names[1:], names):
        expected += [f"found {found}", f"read {read}"]
    assert events == [*expected, f"read {names[-1]}"]
    capsys.readouterr()


# which worker analyses which file ----------------------------------------------------------
def _items(dispatch_module, root: str, count: int, size: int = 10):
    return [dispatch_module._Item(dispatch_module._Work(f"{root}/f{i}.py", b"x" * size, None), root) for i in range(count)]


def test_each_worker_keeps_to_its_projects_while_there_are_others() -> None:
    """A worker takes the files of a project it took before, then a project no worker has,
    and only then the earliest waiting file of the project with the most files waiting."""
    from gradfix import runner

    dispatch = runner._Dispatch(2)
    a, b, c = _items(runner, "a", 3), _items(runner, "b", 2), _items(runner, "c", 4)
    for item in [a[0], b[0], a[1], c[0], b[1], a[2], c[1], c[2], c[3]]:
        dispatch.add(item)
    assert dispatch.count == 9 and dispatch.size == 90
    taken = [(dispatch.take(0), dispatch.take(1))]
    assert taken[0] == (a[0], b[0])  # each takes a project of its own, in the order found
    assert dispatch.take(0) is a[1] and dispatch.take(0) is a[2]
    assert dispatch.take(1) is b[1]
    assert dispatch.take(0) is c[0]  # `a` is done: the next project nobody has
    assert dispatch.take(1) is c[1]  # nothing of its own, nothing new: shares the busiest
    dispatch.add(late := _items(runner, "b", 1)[0])  # more of `b`: back to its worker
    assert dispatch.take(1) is late
    assert dispatch.take(0) is c[2] and dispatch.take(1) is c[3]
    assert dispatch.take(0) is None and dispatch.take(1) is None
    assert dispatch.count == 0 and dispatch.size == 0


@pytest.mark.parametrize("ahead", [None, 1])
def test_two_workers_report_every_file_in_order_as_one_process_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ahead: int | None
) -> None:
    """Files of several projects, analysed by two workers that each keep to their projects,
    are reported in the order they were found, with the findings one process gives; also
    when the walk has to pause for the workers at every file (`ahead`). No worker is left
    running when the last result is handed on: each is shut down once nothing is left for it."""
    from gradfix import runner

    if ahead is not None:
        monkeypatch.setattr(runner, "AHEAD_FILES", ahead)
        monkeypatch.setattr(runner, "WINDOW_FILES", ahead + 1)

    script = "import torch\nfor x in loader:\n    loss = model(x)\n    loss.backward()\n    optimizer.step()\n"
    paths = []
    for project in ("p1", "p2", "p3"):
        (tmp_path / project).mkdir()
        (tmp_path / project / "pyproject.toml").write_text("")
        for i in range(runner.POOL_MIN_FILES):
            path = tmp_path / project / f"train_{i:02d}.py"
            path.write_text(script + "x = 1\n" * (i % 3))
            paths.append(str(path))
    options = runner.Options(select=frozenset({"GF001"}))
    sources = [SourceFile(p) for p in paths]
    alone = [(r.path, [(d.line, d.code) for d in r.diagnostics]) for r in runner.run(sources, options, jobs=1)]
    pooled = []
    for result in runner.run(sources, options, jobs=2):
        pooled.append((result.path, [(d.line, d.code) for d in result.diagnostics]))
        alive = len(multiprocessing.active_children())
    assert pooled == alone and [p for p, _ in pooled] == paths
    assert all(found == [(5, "GF001")] for _, found in alone)
    # each worker was shut down once nothing was left for it, before the last result was
    # handed on (not after the caller had it, one pool after the other)
    assert alive == 0


def test_workers_are_handed_files_in_batches_of_a_few_small_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A task of the pool holds up to `BATCH_FILES` files, and stops taking more once
    `BATCH_BYTES` are in it (a big file goes alone or last); every file is in one task, and
    the run reports them in order with the findings one process gives."""
    from gradfix import runner

    script = "import torch\nfor x in loader:\n    loss = model(x)\n    loss.backward()\n    optimizer.step()\n"
    big = script + "# padding\n" * (runner.BATCH_BYTES // 10 + 1)
    paths = []
    for i in range(3 * runner.POOL_MIN_FILES):
        path = tmp_path / f"train_{i:02d}.py"
        path.write_text(big if i % 7 == 3 else script)
        paths.append(str(path))
    (tmp_path / "pyproject.toml").write_text("")
    batches: list[list[str]] = []
    real = runner._submit

    def recorded(pool, works, *rest):  # type: ignore[no-untyped-def]
        batches.append([work.path for work in works])
        return real(pool, works, *rest)

    monkeypatch.setattr(runner, "_submit", recorded)
    options = runner.Options(select=frozenset({"GF001"}))
    sources = [SourceFile(p) for p in paths]
    pooled = [(r.path, [(d.line, d.code) for d in r.diagnostics]) for r in runner.run(sources, options, jobs=2)]
    monkeypatch.setattr(runner, "_submit", real)
    alone = [(r.path, [(d.line, d.code) for d in r.diagnostics]) for r in runner.run(sources, options, jobs=1)]
    assert pooled == alone and [p for p, _ in pooled] == paths
    assert sorted(p for batch in batches for p in batch) == sorted(paths)  # each file once
    assert all(1 <= len(batch) <= runner.BATCH_FILES for batch in batches)
    assert any(len(batch) > 1 for batch in batches) and len(batches) < len(paths)
    for batch in batches:
        sizes = [os.path.getsize(p) for p in batch]
        assert sum(sizes[:-1]) < runner.BATCH_BYTES  # no file taken once the batch was full
