"""The cache's dependencies that are not files: a result computed from which files of the
project say a word (`Project.saying`, a gate), from the list of the project's files
(`Project.contents`, a search through all of them), or from where the project's root lies is
never answered from the cache once that changed; it is when nothing changed.

Each test runs gradfix over real files, first with the cache (the run that stores), then
changes exactly one input and runs again: the cached run must say what a run without the cache
says, and its hits and misses show which files were analysed again. The project index of this
process is told to forget the layout between runs (as a new process would start without it).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from gradfix import cache as cache_module
from gradfix import project as project_module
from gradfix.cache import open_cache
from gradfix.files import discover, steady_run
from gradfix.project import ROOT_KEY, SAYING_KEY, forget_layouts
from gradfix.runner import FileResult, Options, run

OPTIONS = Options(select=frozenset({"GF019"}))

# GF019 on a loop handed a loader by other modules: a gate asks whether another file of the
# project says `DistributedSampler` (`Project.saying`), then searches every file for callers
# (`Project.contents`)
ENGINE = """from torch.nn import functional as F


def fit(net, opt, data, epochs):
    for ep in range(epochs):
        for x, y in data:
            opt.zero_grad()
            F.mse_loss(net(x), y).backward()
            opt.step()
"""
CALLER = """import torch
from torch.utils.data import DataLoader, TensorDataset
IMPORT
from engine import fit

ds = TensorDataset(torch.randn(16, 2), torch.randn(16, 1))
loader = DataLoader(ds, batch_size=4SAMPLER)
net = torch.nn.Linear(2, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
fit(net, opt, loader, 3)
"""
DISTRIBUTED = CALLER.replace("IMPORT", "from torch.utils.data.distributed import DistributedSampler").replace(
    "SAMPLER", ", sampler=DistributedSampler(ds)"
)
PLAIN = CALLER.replace("IMPORT\n", "").replace("SAMPLER", "")
# another caller, saying no `DistributedSampler`, handing a loader of another kind
OTHER_CALLER = """import torch
from torch.utils.data import DataLoader, TensorDataset

from engine import fit

ds = TensorDataset(torch.randn(8, 2), torch.randn(8, 1))
fit(torch.nn.Linear(2, 1), None, DataLoader(ds, batch_size=2, shuffle=True), 1)
"""


def _project(tmp_path: Path, caller: str | None = PLAIN) -> Path:
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text("[project]\nname = 'p'\n")
    (project / "engine.py").write_text(ENGINE)
    if caller is not None:
        (project / "train.py").write_text(caller)
    return project


def _findings(results: list[FileResult]) -> list[tuple[str, int, str]]:
    return sorted((Path(r.path).name, d.line, d.code) for r in results for d in r.diagnostics)


def _forget() -> None:
    """What a new process starts without: the project index (and the files' bytes it holds)."""
    forget_layouts()
    project_module._PROJECTS.clear()


def _check(target: Path, cache_dir: Path) -> tuple[list[tuple[str, int, str]], cache_module.Cache]:
    """A cached run over `target`, which must say what a run without the cache says."""
    _forget()
    cache = open_cache(str(cache_dir), OPTIONS)
    cached = _findings(list(run(list(discover([str(target)])), OPTIONS, jobs=1, cache=cache)))
    _forget()
    fresh = _findings(list(run(list(discover([str(target)])), OPTIONS, jobs=1)))
    assert cached == fresh
    return cached, cache


def _engine_only(project: Path, cache_dir: Path) -> tuple[list[tuple[str, int, str]], tuple[int, int]]:
    """The loop's module alone (the callers are the project's, not the run's): (findings, (hits, misses))."""
    found, cache = _check(project / "engine.py", cache_dir)
    return found, (cache.hits, cache.misses)


GF019 = [("engine.py", 5, "GF019")]


def test_a_file_edited_to_start_or_stop_saying_the_word_invalidates(tmp_path: Path) -> None:
    project = _project(tmp_path)
    cache_dir = tmp_path / "c"
    assert _engine_only(project, cache_dir) == ([], (0, 1))
    assert _engine_only(project, cache_dir) == ([], (1, 0))  # unchanged: a hit
    (project / "train.py").write_text(DISTRIBUTED)  # now says `DistributedSampler`
    assert _engine_only(project, cache_dir) == (GF019, (0, 1))
    assert _engine_only(project, cache_dir) == (GF019, (1, 0))
    (project / "train.py").write_text(PLAIN)  # says it no more
    assert _engine_only(project, cache_dir) == ([], (0, 1))


def test_a_new_deleted_or_renamed_file_saying_the_word_invalidates(tmp_path: Path) -> None:
    project = _project(tmp_path, caller=None)
    cache_dir = tmp_path / "c"
    assert _engine_only(project, cache_dir) == ([], (0, 1))
    (project / "launch.py").write_text(DISTRIBUTED)  # a new file
    assert _engine_only(project, cache_dir) == (GF019, (0, 1))
    assert _engine_only(project, cache_dir) == (GF019, (1, 0))
    (project / "scripts").mkdir()
    (project / "launch.py").rename(project / "scripts" / "launch.py")  # renamed: the gate's answer names another file
    _, counts = _engine_only(project, cache_dir)
    assert counts == (0, 1)
    (project / "scripts" / "launch.py").rename(project / "launch.py")
    assert _engine_only(project, cache_dir) == (GF019, (0, 1))
    (project / "launch.py").unlink()  # deleted
    assert _engine_only(project, cache_dir) == ([], (0, 1))


def test_a_new_file_not_saying_the_word_invalidates_a_search_through_every_file(tmp_path: Path) -> None:
    """The caller search reads every file: a new caller handing another loader (and saying no
    `DistributedSampler`: the gate's answer is the same) silences GF019."""
    project = _project(tmp_path, caller=DISTRIBUTED)
    cache_dir = tmp_path / "c"
    assert _engine_only(project, cache_dir) == (GF019, (0, 1))
    assert _engine_only(project, cache_dir) == (GF019, (1, 0))
    (project / "evaluate.py").write_text(OTHER_CALLER)
    assert _engine_only(project, cache_dir) == ([], (0, 1))
    assert _engine_only(project, cache_dir) == ([], (1, 0))
    (project / "evaluate.py").rename(project / "evaluation.py")
    assert _engine_only(project, cache_dir) == ([], (0, 1))
    (project / "evaluation.py").unlink()
    assert _engine_only(project, cache_dir) == (GF019, (0, 1))


def test_a_marker_that_moves_the_project_root_invalidates(tmp_path: Path) -> None:
    project = _project(tmp_path, caller=None)
    (project / "sub").mkdir()
    (project / "engine.py").rename(project / "sub" / "engine.py")
    (project / "launch.py").write_text(DISTRIBUTED.replace("from engine import", "from sub.engine import"))
    cache_dir = tmp_path / "c"
    found, cache = _check(project / "sub" / "engine.py", cache_dir)
    assert found == [("engine.py", 5, "GF019")] and cache.misses == 1
    _, cache = _check(project / "sub" / "engine.py", cache_dir)
    assert (cache.hits, cache.misses) == (1, 0)
    (project / "sub" / "pyproject.toml").write_text("")  # `sub` is a project of its own now: no caller in it
    found, cache = _check(project / "sub" / "engine.py", cache_dir)
    assert found == [] and (cache.hits, cache.misses) == (0, 1)


def test_the_dependencies_recorded_and_the_project_snapshot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What is stored: the gate's answer, the file list and the root; a second run proves the
    project unchanged by the stats of a snapshot and reads none of its files; an edit after
    it (same size and mtime: only the ctime moves) is still seen."""
    project = _project(tmp_path, caller=DISTRIBUTED)
    root = str(project)
    monkeypatch.setattr(cache_module, "RACY_MARGIN_NS", -10**12)  # every file counts as old enough
    cache_dir = tmp_path / "c"
    _, cache = _check(project / "engine.py", cache_dir)
    (shard,) = cache_dir.glob("v*/*.json")
    body = cache_module._decode(shard.read_bytes())
    assert body is not None
    keys = set(body["files"]["engine.py"]["depends_on"])
    # the gate's word, the search through every file (the empty word: not each file apart), the root
    assert {SAYING_KEY + root + "\0DistributedSampler", SAYING_KEY + root + "\0", ROOT_KEY + root} <= keys
    assert len(list(cache_dir.glob("v*/*.tree"))) == 1

    opened: list[str] = []
    real_open = open

    def counting_open(file, *args, **kwargs):  # type: ignore[no-untyped-def]
        opened.append(os.fspath(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr("builtins.open", counting_open)
    _forget()
    cache = open_cache(str(cache_dir), OPTIONS)
    list(run(list(discover([str(project / "engine.py")])), OPTIONS, jobs=1, cache=cache))
    assert (cache.hits, cache.misses) == (1, 0)
    assert not [path for path in opened if path.endswith(".py")]  # no source file read
    monkeypatch.setattr("builtins.open", real_open)

    train = project / "train.py"
    before = train.stat()
    time.sleep(0.05)  # past the filesystem clock's tick, so that the ctime moves
    train.write_text(PLAIN + "#" * (len(DISTRIBUTED) - len(PLAIN) - 1) + "\n")
    os.utime(train, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert train.stat().st_size == before.st_size and train.stat().st_mtime_ns == before.st_mtime_ns
    assert _engine_only(project, cache_dir) == ([], (0, 1))


@pytest.mark.parametrize("damage", ["garbage", "bad-checksum", "foreign-root", "bad-types"])
def test_a_corrupt_or_foreign_snapshot_is_ignored(tmp_path: Path, damage: str, monkeypatch: pytest.MonkeyPatch) -> None:
    project = _project(tmp_path, caller=DISTRIBUTED)
    monkeypatch.setattr(cache_module, "RACY_MARGIN_NS", -10**12)
    cache_dir = tmp_path / "c"
    _engine_only(project, cache_dir)
    (tree,) = cache_dir.glob("v*/*.tree")
    blob = tree.read_bytes()
    body = cache_module._decode(blob)
    assert body is not None
    body_before = dict(body)
    if damage == "garbage":
        tree.write_bytes(os.urandom(100))
    elif damage == "bad-checksum":  # a forged answer without its checksum
        tree.write_bytes(blob.replace(b'"engine.py"', b'"engine.pz"'))
    else:
        if damage == "foreign-root":
            body["root"] = "/somewhere/else"
        else:
            body["files"] = [[1, "x"] for _ in body["files"]]
        tree.write_bytes(cache_module._encode(body))
    # ignored: the project's files are read again (the same answers: a hit), and it is rewritten
    assert _engine_only(project, cache_dir) == (GF019, (1, 0))
    written = cache_module._decode(tree.read_bytes())
    assert written is not None and written["root"] == str(project) and written["files"] == body_before["files"]
    (project / "train.py").write_text(PLAIN)
    assert _engine_only(project, cache_dir) == ([], (0, 1))



def test_a_later_run_of_one_process_records_its_own_search(tmp_path: Path) -> None:
    """One project index over two runs (a long-lived process; its layout forgotten between
    them): a search through every file recorded in the second run is that run's, even when no
    gate asked `saying` first in it."""
    project = _project(tmp_path, caller=DISTRIBUTED)
    index = project_module.Project(str(project))
    with steady_run("first"):
        index.touched = {}
        index.contents()
        first = dict(index.touched)
    (project / "evaluate.py").write_text(OTHER_CALLER)
    index.forget_layout()
    with steady_run("second"):
        index.touched = {}
        assert str(project / "evaluate.py") in [path for path, _ in index.contents()]
        second = dict(index.touched)
    key = SAYING_KEY + str(project) + "\0"
    assert first[key] != second[key]
    assert second[key] == project_module.Project(str(project)).saying_digest(b"")  # a fresh index's


# GF005 on a step function whose window tests the index its caller, in another module, hands it:
# what the caller hands (the loop's index, or a constant) decides the finding
WINDOW_STEP = """import torch.nn.functional as F

ACCUM = 4


def micro_step(net, opt, idx, x, y):
    loss = F.mse_loss(net(x), y)
    loss.backward()
    if (idx + 1) % ACCUM == 0:
        opt.step()
        opt.zero_grad(set_to_none=True)
"""
WINDOW_CALLER = """import torch

from engine import ACCUM, micro_step

net = torch.nn.Linear(2, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
batches = [(torch.randn(4, 2), torch.randn(4, 1)) for _ in range(8)]
for epoch in range(2):
    opt.zero_grad(set_to_none=True)
    for idx, (x, y) in enumerate(batches):
        micro_step(net, opt, INDEX, x, y)
"""


def test_a_caller_in_another_module_edited_to_hand_another_index_invalidates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(globals(), "OPTIONS", Options(select=frozenset({"GF005"})))  # what `_check` runs
    project = _project(tmp_path, caller=WINDOW_CALLER.replace("INDEX", "idx"))
    (project / "engine.py").write_text(WINDOW_STEP)
    cache_dir = tmp_path / "c"
    unscaled = [("engine.py", 8, "GF005")]
    assert _engine_only(project, cache_dir) == (unscaled, (0, 1))
    assert _engine_only(project, cache_dir) == (unscaled, (1, 0))
    (project / "train.py").write_text(WINDOW_CALLER.replace("INDEX", "ACCUM - 1"))  # every call steps: no window
    assert _engine_only(project, cache_dir) == ([], (0, 1))
    (project / "train.py").write_text(WINDOW_CALLER.replace("INDEX", "idx"))
    assert _engine_only(project, cache_dir) == (unscaled, (0, 1))
