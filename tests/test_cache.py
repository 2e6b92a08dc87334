"""The result cache: a hit answers exactly what a miss would, and every input a result was
computed from (the file's bytes, a file it depended on, the settings, gradfix's version)
invalidates exactly the results that used it.

Most tests drive `runner.run` with a `Cache` in this process (no parser start-up per run) and
count hits and misses; the command-line tests check the flags, the folders and the output.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

import gradfix
from conftest import gradfix_command, run_gradfix
from gradfix import cache as cache_module
from gradfix import runner
from gradfix.cache import Cache, content_hash, open_cache, settings_key
from gradfix.catalog import default_codes
from gradfix.config import Config, cache_directory, project_root
from gradfix.files import discover
from gradfix.runner import FileResult, Options, run

BUGGY = b"""import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

for x, y in batches:
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    optimizer.step()
"""
CLEAN = BUGGY.replace(b"for x, y in batches:\n", b"for x, y in batches:\n    optimizer.zero_grad()\n")
# the same size as CLEAN, and a finding: an edit between them keeps the size
PADDED = BUGGY.replace(b"for x, y in batches:\n", b"for x, y in batches:\n" + b"    pass".ljust(25) + b"\n")
PLAIN = b"def helper(x):\n    return x + 1\n"
CHECK = Options(select=frozenset(default_codes()))


def _project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    (project / "pkg").mkdir(parents=True)
    (project / "pyproject.toml").write_text("[project]\nname = 'p'\n")
    (project / "pkg" / "a.py").write_bytes(BUGGY)
    (project / "pkg" / "b.py").write_bytes(BUGGY.replace(b"optimizer", b"opt"))
    (project / "pkg" / "plain.py").write_bytes(PLAIN)
    return project


def _run(paths: list[Path], options: Options, cache_dir: Path) -> tuple[list[FileResult], Cache]:
    cache = open_cache(str(cache_dir), options)
    results = list(run(list(discover([str(p) for p in paths])), options, jobs=1, cache=cache))
    return results, cache


def _codes(results: list[FileResult]) -> dict[str, list[str]]:
    return {Path(r.path).name: [d.code for d in r.diagnostics] for r in results}


def _age(path: Path, seconds: float = 60.0) -> None:
    """Make a file look older than the racy-clean margin (its ctime stays now, see below)."""
    past = time.time() - seconds
    os.utime(path, (past, past))


def test_hits_answer_what_misses_answered(tmp_path: Path) -> None:
    project = _project(tmp_path)
    cold, cache = _run([project], CHECK, tmp_path / "c")
    assert (cache.hits, cache.misses) == (0, 3)
    warm, cache = _run([project], CHECK, tmp_path / "c")
    assert (cache.hits, cache.misses) == (3, 0)
    assert [(r.path, r.diagnostics, r.remaining, r.notes, r.error) for r in warm] == [
        (r.path, r.diagnostics, r.remaining, r.notes, r.error) for r in cold
    ]
    assert _codes(warm) == {"a.py": ["GF001"], "b.py": ["GF001"], "plain.py": []}


def test_editing_a_file_invalidates_that_file_only(tmp_path: Path) -> None:
    project = _project(tmp_path)
    _run([project], CHECK, tmp_path / "c")
    (project / "pkg" / "a.py").write_bytes(CLEAN)
    results, cache = _run([project], CHECK, tmp_path / "c")
    assert (cache.hits, cache.misses) == (2, 1)
    assert _codes(results) == {"a.py": [], "b.py": ["GF001"], "plain.py": []}


def test_an_edit_keeping_size_and_mtime_is_still_seen(tmp_path: Path) -> None:
    """The stat shortcut is taken only for files older than the racy margin at the time they
    were read; an edit that keeps size and mtime changes the ctime, which the stat compares."""
    project = _project(tmp_path)
    target = project / "pkg" / "a.py"
    target.write_bytes(PADDED)
    assert len(PADDED) == len(CLEAN)
    # a fresh file: no stat is recorded, its bytes are hashed again next time
    first, _ = _run([target], CHECK, tmp_path / "c")
    assert _codes(first)["a.py"] == ["GF001"]
    before = target.stat()
    target.write_bytes(CLEAN)
    os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))
    results, cache = _run([target], CHECK, tmp_path / "c")
    assert cache.misses == 1 and _codes(results)["a.py"] == []


def test_old_files_are_answered_by_stat_and_an_edit_still_invalidates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = _project(tmp_path)
    target = project / "pkg" / "a.py"
    target.write_bytes(PADDED)
    # every file counts as old enough (the ctime of a file just written cannot be set back)
    monkeypatch.setattr(cache_module, "RACY_MARGIN_NS", -10**12)
    _run([project], CHECK, tmp_path / "c")
    reads = []
    real = cache_module.read_source_and_stat
    monkeypatch.setattr(cache_module, "read_source_and_stat", lambda p: reads.append(p) or real(p))
    _, cache = _run([project], CHECK, tmp_path / "c")
    assert cache.hits == 3 and reads == []  # answered from the stat alone
    before = target.stat()
    time.sleep(0.05)  # past the filesystem clock's tick, so that the ctime moves
    target.write_bytes(CLEAN)
    os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert target.stat().st_size == before.st_size and target.stat().st_mtime_ns == before.st_mtime_ns
    results, cache = _run([project], CHECK, tmp_path / "c")
    assert (cache.hits, cache.misses) == (2, 1) and reads == [str(target)]
    assert _codes(results)["a.py"] == []


def test_stat_is_recorded_only_for_files_older_than_the_racy_margin() -> None:
    now = time.time_ns()

    def stat(mtime: int, ctime: int) -> os.stat_result:
        return SimpleNamespace(st_size=10, st_mtime_ns=mtime, st_ctime_ns=ctime, st_ino=1, st_dev=2)  # type: ignore[return-value]

    assert cache_module._stat_record(stat(now - 10**9, now - 10**9), now) is None  # written 1 s before
    assert cache_module._stat_record(stat(now - 10**10, now - 10**10), now) == [10, now - 10**10, now - 10**10, 1, 2]
    assert cache_module._stat_record(stat(now - 10**10, now), now) is None  # mtime set back, ctime now


def test_a_dependency_edit_invalidates_the_results_that_used_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Until the project index fills `FileResult.depends_on`, a hook around `process_source`
    says that a.py's result depended on helpers.py."""
    project = _project(tmp_path)
    helpers = project / "pkg" / "helpers_module.txt"  # not a source file: only a dependency
    helpers.write_text("def clear(opt): opt.zero_grad()\n")
    real = runner.process_source
    analysed: list[str] = []

    def process_with_a_dependency(path: str, data: bytes, options: Options, prefiltered: bool = False) -> FileResult:
        analysed.append(Path(path).name)
        result = real(path, data, options, prefiltered)
        if path.endswith("a.py"):
            seen = helpers.read_bytes() if helpers.exists() else b""  # what an index would have read
            result.depends_on = {str(helpers): content_hash(seen)}
        return result

    monkeypatch.setattr(runner, "process_source", process_with_a_dependency)
    _run([project], CHECK, tmp_path / "c")
    assert sorted(analysed) == ["a.py", "b.py"]
    analysed.clear()
    results, cache = _run([project], CHECK, tmp_path / "c")
    assert analysed == [] and cache.hits == 3
    assert results[0].depends_on == {str(helpers): content_hash(helpers.read_bytes())}

    helpers.write_text("def clear(opt): pass\n")
    _, cache = _run([project], CHECK, tmp_path / "c")
    assert analysed == ["a.py"] and (cache.hits, cache.misses) == (2, 1)
    analysed.clear()
    _run([project], CHECK, tmp_path / "c")
    assert analysed == []  # stored again against the new helper bytes

    helpers.unlink()
    _run([project], CHECK, tmp_path / "c")
    assert analysed == ["a.py"]
    analysed.clear()
    _run([project], CHECK, tmp_path / "c")
    assert analysed == ["a.py"]  # a dependency that cannot be read is never vouched for


def test_a_dependency_that_changed_during_the_analysis_is_not_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = _project(tmp_path)
    helpers = project / "pkg" / "helpers_module.txt"
    helpers.write_text("version 1\n")
    real = runner.process_source
    analysed: list[str] = []

    def stale(path: str, data: bytes, options: Options, prefiltered: bool = False) -> FileResult:
        analysed.append(Path(path).name)
        result = real(path, data, options, prefiltered)
        if path.endswith("a.py"):
            # the index read "version 0"; the file on disk no longer holds it
            result.depends_on = {str(helpers): content_hash(b"version 0\n")}
        return result

    monkeypatch.setattr(runner, "process_source", stale)
    _run([project], CHECK, tmp_path / "c")
    analysed.clear()
    _run([project], CHECK, tmp_path / "c")
    assert analysed == ["a.py"]


@pytest.mark.parametrize(
    "other",
    [
        Options(select=frozenset({"GF002"})),
        Options(select=frozenset(default_codes()), unsafe_fixes=True),
        Options(select=frozenset(default_codes()), fix=True),
        Options(select=frozenset(default_codes() | {"GF007"})),
        Options(select=frozenset(default_codes() - {"GF004"})),
    ],
    ids=["select", "unsafe-fixes", "fix-mode", "extend-select", "ignore"],
)
def test_each_setting_that_changes_results_changes_the_key(other: Options) -> None:
    assert settings_key(other) != settings_key(CHECK)
    assert settings_key(Options(select=frozenset(sorted(default_codes())))) == settings_key(CHECK)


def test_a_settings_change_misses_and_the_old_settings_still_hit(tmp_path: Path) -> None:
    project = _project(tmp_path)
    _run([project], CHECK, tmp_path / "c")
    only_gf002 = Options(select=frozenset({"GF002"}))
    results, cache = _run([project], only_gf002, tmp_path / "c")
    assert cache.misses == 3 and _codes(results) == {"a.py": [], "b.py": [], "plain.py": []}
    _, cache = _run([project], CHECK, tmp_path / "c")
    assert cache.hits == 3


def test_a_new_version_misses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = _project(tmp_path)
    _run([project], CHECK, tmp_path / "c")
    monkeypatch.setattr(gradfix, "__version__", "99.0.0")
    results, cache = _run([project], CHECK, tmp_path / "c")
    assert (cache.hits, cache.misses) == (0, 3)
    assert _codes(results)["a.py"] == ["GF001"]


def test_a_changed_gradfix_source_misses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An editable install whose code changed must not be answered by the old code's results."""
    key = settings_key(CHECK)
    engine = cache_module._engine_fingerprint()
    assert any(row[0] == os.path.join("transforms", "gf001_missing_zero_grad.py") for row in engine)
    changed = [list(row) for row in engine]
    changed[0][2] += 1  # one module's mtime
    monkeypatch.setattr(cache_module, "_ENGINE", changed)
    assert settings_key(CHECK) != key


def test_the_engine_fingerprint_lists_every_module_of_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every `.py` file under the package (sub-folders too, `__pycache__` left out), by its path
    relative to the package, with its size and mtime: what `os.walk` and `os.stat` give."""
    monkeypatch.setattr(cache_module, "_ENGINE", None)  # computed afresh
    package = os.path.dirname(os.path.abspath(cache_module.__file__))
    expected = []
    for folder, dirnames, filenames in os.walk(package):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            if name.endswith(".py"):
                info = os.stat(os.path.join(folder, name))
                expected.append([os.path.relpath(os.path.join(folder, name), package), info.st_size, info.st_mtime_ns])
    assert len(expected) > 50
    assert cache_module._engine_fingerprint() == expected


def _shards(cache_dir: Path) -> list[Path]:
    return sorted(cache_dir.glob("v*/*.json"))


@pytest.mark.parametrize(
    "damage",
    ["truncated", "garbage", "bad-checksum", "other-schema", "foreign-folder", "bad-types", "deep-nesting"],
)
def test_corrupt_or_foreign_cache_files_are_ignored_and_rewritten(tmp_path: Path, damage: str) -> None:
    project = _project(tmp_path)
    cache_dir = tmp_path / "c"
    cold, _ = _run([project], CHECK, cache_dir)
    (shard,) = _shards(cache_dir)
    blob = shard.read_bytes()
    body = cache_module._decode(blob)
    assert body is not None
    if damage == "truncated":
        shard.write_bytes(blob[: len(blob) // 2])
    elif damage == "garbage":
        shard.write_bytes(os.urandom(200))
    elif damage == "bad-checksum":
        shard.write_bytes(blob.replace(b'"GF001"', b'"GF002"'))
    elif damage == "other-schema":
        shard.write_bytes(blob.replace(b"gradfix-cache 1 ", b"gradfix-cache 2 ", 1))
    elif damage == "foreign-folder":  # a well-formed file written for another folder
        body["folder"] = "/somewhere/else"
        shard.write_bytes(cache_module._encode(body))
    elif damage == "bad-types":  # well-formed, checksum right, fields of the wrong types
        for entry in body["files"].values():
            entry["result"] = {"diagnostics": [["9", None, [], {}, 1, 2, "yes", 3, "x"]], "notes": "n"}
            entry["stat"] = "not a stat"
        shard.write_bytes(cache_module._encode(body))
    else:  # checksum right, nesting far beyond what json.loads can recurse into
        text = b"[" * 100_000 + b"]" * 100_000
        shard.write_bytes(f"gradfix-cache 1 {cache_module._digest(text)}\n".encode() + text)
    results, cache = _run([project], CHECK, cache_dir)
    assert cache.hits == 0 and cache.misses == 3
    assert [(r.path, r.diagnostics) for r in results] == [(r.path, r.diagnostics) for r in cold]
    assert cache_module._decode(shard.read_bytes()) is not None  # overwritten with a good one
    _, cache = _run([project], CHECK, cache_dir)
    assert cache.hits == 3


def test_results_with_a_fix_or_an_error_are_not_stored(tmp_path: Path) -> None:
    project = _project(tmp_path)
    (project / "pkg" / "broken.py").write_bytes(b"loss.backward(\n")
    fix = Options(select=frozenset(default_codes()), fix=True)
    _run([project], fix, tmp_path / "c")
    (shard,) = _shards(tmp_path / "c")
    stored = cache_module._decode(shard.read_bytes())["files"]  # type: ignore[index]
    assert sorted(stored) == ["plain.py"]  # a.py and b.py have fixes; broken.py an error
    _, cache = _run([project], fix, tmp_path / "c")
    assert (cache.hits, cache.misses) == (1, 3)


def test_concurrent_writers_never_leave_a_corrupt_cache_file(tmp_path: Path) -> None:
    """Two processes store and save into the same cache file 150 times each, at the same time."""
    folder = tmp_path / "src"
    folder.mkdir()
    names = [f"m{i:03}.py" for i in range(40)]
    for name in names:
        (folder / name).write_bytes(PLAIN + name.encode())
    script = f"""
import sys
from gradfix.cache import Cache
from gradfix.runner import FileResult
me = sys.argv[1]
for round in range(150):
    cache = Cache({str(tmp_path / "c")!r}, "0" * 32)
    for name in {names!r}:
        path = {str(folder)!r} + "/" + name
        _, data, pending = cache.lookup(path)
        if pending is not None:
            cache.store(pending, FileResult(path, notes=[me]))
        else:
            cache._shards[{str(folder)!r}].set(name, None)  # force a rewrite every round
    cache.save()
"""
    processes = [
        subprocess.Popen([sys.executable, "-c", script, who], stderr=subprocess.PIPE) for who in ("first", "second")
    ]
    for process in processes:
        _, err = process.communicate(timeout=300)
        assert process.returncode == 0, err.decode()
    (shard,) = _shards(tmp_path / "c")
    body = cache_module._decode(shard.read_bytes())
    assert body is not None and body["folder"] == str(folder)
    assert not [p for p in shard.parent.iterdir() if p.name.endswith(".tmp")]


# the command line ------------------------------------------------------------------------
def _cli_project(tmp_path: Path) -> Path:
    project = tmp_path / "cli"
    project.mkdir()
    (project / "pyproject.toml").write_text("[tool.gradfix]\nselect = ['GF001']\n")
    (project / "train.py").write_bytes(BUGGY)
    (project / "plain.py").write_bytes(PLAIN)
    (project / "broken.py").write_bytes(b"print 'python 2'\nloss.backward()\n")
    notebook = {
        "cells": [{"cell_type": "code", "metadata": {}, "source": BUGGY.decode(), "outputs": [], "execution_count": None}],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (project / "nb.ipynb").write_text(json.dumps(notebook, indent=1) + "\n")
    return project


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "GRADFIX_CACHE_DIR")}
    env.update(extra)
    return env


def _gradfix(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([*gradfix_command(), *args], cwd=cwd, capture_output=True, env=_env(**env), timeout=300)


def test_cli_output_is_the_same_from_the_cache(tmp_path: Path) -> None:
    project = _cli_project(tmp_path)
    for args in ([], ["--diff"]):
        first = _gradfix(*args, ".", cwd=project)
        second = _gradfix(*args, ".", cwd=project)
        assert first.returncode == second.returncode == 2, first.stderr  # broken.py
        assert (second.stdout, second.stderr) == (first.stdout, first.stderr)
    cache_dir = project / ".gradfix_cache"
    assert (cache_dir / ".gitignore").read_text().splitlines()[-1] == "*"
    assert (cache_dir / "CACHEDIR.TAG").read_text().startswith("Signature: 8a477f597d28d172789f06886806bc55")
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=project, capture_output=True)
    assert b".gradfix_cache" not in status.stdout


def test_cli_config_edit_takes_effect(tmp_path: Path) -> None:
    project = _cli_project(tmp_path)
    assert b"GF001" in _gradfix("train.py", cwd=project).stdout
    (project / "pyproject.toml").write_text("[tool.gradfix]\nselect = ['GF002']\n")
    result = _gradfix("train.py", cwd=project)
    assert result.returncode == 0 and result.stdout == b""


def test_no_cache_env_and_config_decide_where_it_goes(tmp_path: Path) -> None:
    project = _cli_project(tmp_path)  # plain.py: no gradient code, no parser, a fast run
    assert _gradfix("--no-cache", "plain.py", cwd=project).returncode == 0
    assert not (project / ".gradfix_cache").exists()

    elsewhere = tmp_path / "elsewhere"
    assert _gradfix("plain.py", cwd=project, GRADFIX_CACHE_DIR=str(elsewhere)).returncode == 0
    assert not (project / ".gradfix_cache").exists() and _shards(elsewhere)

    (project / "pyproject.toml").write_text("[tool.gradfix]\nselect = ['GF001']\ncache-dir = 'build/gf'\n")
    assert _gradfix(str(project / "plain.py"), cwd=tmp_path).returncode == 0  # relative to the pyproject.toml
    assert _shards(project / "build" / "gf") and not (project / ".gradfix_cache").exists()
    assert _gradfix("plain.py", cwd=project, GRADFIX_CACHE_DIR=str(elsewhere / "2")).returncode == 0
    assert _shards(elsewhere / "2")  # the variable wins over the file
    assert _gradfix("--no-cache", "plain.py", cwd=project, GRADFIX_CACHE_DIR=str(elsewhere / "3")).returncode == 0
    assert not (elsewhere / "3").exists()  # --no-cache wins over both

    (project / "pyproject.toml").write_text("[tool.gradfix]\ncache-dir = 3\n")
    bad = _gradfix("plain.py", cwd=project)
    assert bad.returncode == 2 and b"cache-dir" in bad.stderr


def test_no_cache_outside_a_project_and_for_stdin(tmp_path: Path) -> None:
    loose = tmp_path / "loose"
    loose.mkdir()
    (loose / "util.py").write_bytes(PLAIN)
    if project_root([str(loose)]) is not None:
        pytest.skip(f"{tmp_path} is inside a project")
    assert cache_directory([str(loose / "util.py")], Config()) is None
    assert run_gradfix(str(loose / "util.py")).returncode == 0
    assert sorted(p.name for p in loose.iterdir()) == ["util.py"]

    project = _cli_project(tmp_path)
    for name in ("train.py", "elsewhere.py"):  # a file that exists, and one that does not
        piped = subprocess.run(
            [*gradfix_command(), "--stdin-filename", name, "-"], cwd=project, input=PLAIN, capture_output=True, env=_env()
        )
        assert piped.returncode == 0, piped.stderr
    assert not (project / ".gradfix_cache").exists()


def test_write_after_a_cached_check_still_fixes_from_the_bytes_on_disk(tmp_path: Path) -> None:
    project = _cli_project(tmp_path)
    (project / "broken.py").unlink()
    assert _gradfix(".", cwd=project).returncode == 1  # the check's results are cached
    assert _gradfix("--write", ".", cwd=project).returncode == 0
    assert (project / "train.py").read_bytes() != BUGGY
    again = _gradfix("--diff", ".", cwd=project)
    assert again.returncode == 0 and again.stdout == b""


def test_the_cache_folder_is_never_walked(tmp_path: Path) -> None:
    project = _cli_project(tmp_path)
    for name in ("broken.py", "train.py", "nb.ipynb"):
        (project / name).unlink()
    (project / "pyproject.toml").write_text("[tool.gradfix]\ncache-dir = 'mycache'\n")
    assert _gradfix(".", cwd=project).returncode == 0  # creates mycache/ with its CACHEDIR.TAG
    (project / "mycache" / "planted.py").write_bytes(BUGGY)
    (project / ".gradfix_cache").mkdir()
    (project / ".gradfix_cache" / "planted.py").write_bytes(BUGGY)
    listed = _gradfix(".", cwd=project)
    assert listed.returncode == 0 and listed.stdout == b"" and b"(1 file checked)" in listed.stderr


def test_notes_are_reused_only_for_the_path_they_quote(tmp_path: Path) -> None:
    folder = tmp_path / "sub"
    folder.mkdir()
    cell = {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
            "source": "loss.backward(\n"}
    (folder / "nb.ipynb").write_text(json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    plain, doubled = f"{folder}/nb.ipynb", f"{folder}//nb.ipynb"
    for path in (plain, doubled, plain, doubled):
        cache = open_cache(str(tmp_path / "c"), CHECK)
        (result,) = run(list(discover([path])), CHECK, jobs=1, cache=cache)
        assert result.notes == [f"{path}:cell_1:1:14: note: cell skipped: cannot parse: '(' was never closed"]


def test_a_result_that_relied_on_a_missing_file_is_invalidated_by_creating_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = _project(tmp_path)
    missing = project / "pkg" / "helpers.py"  # `from pkg.helpers import ...` that did not resolve
    real = runner.process_source
    analysed: list[str] = []

    def unresolved_import(path: str, data: bytes, options: Options, prefiltered: bool = False) -> FileResult:
        analysed.append(Path(path).name)
        result = real(path, data, options, prefiltered)
        if path.endswith("a.py"):
            result.depends_on = {str(missing): cache_module.ABSENT}
        return result

    monkeypatch.setattr(runner, "process_source", unresolved_import)
    _run([project / "pkg" / "a.py"], CHECK, tmp_path / "c")
    _run([project / "pkg" / "a.py"], CHECK, tmp_path / "c")
    assert analysed == ["a.py"]
    missing.write_text("def clear(opt): opt.zero_grad()\n")
    _run([project / "pkg" / "a.py"], CHECK, tmp_path / "c")
    assert analysed == ["a.py", "a.py"]


def test_cache_files_are_saved_and_dropped_as_the_walk_moves_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Memory holds at most MAX_SHARDS folders' entries; a result stored for a folder that was
    dropped meanwhile (results from a pool arrive late) reads its file again, losing nothing."""
    monkeypatch.setattr(cache_module, "MAX_SHARDS", 1)
    folders = [tmp_path / "tree" / name for name in ("f1", "f2", "f3")]
    for folder in folders:
        folder.mkdir(parents=True)
        (folder / "train.py").write_bytes(BUGGY)
        (folder / "plain.py").write_bytes(PLAIN)
    cache = open_cache(str(tmp_path / "c"), CHECK)
    pending = []
    for folder in folders:  # look everything up first, store afterwards, as a pool would
        for name in ("plain.py", "train.py"):
            hit, data, token = cache.lookup(str(folder / name))
            assert hit is None and len(cache._shards) == 1
            pending.append((token, runner.process_source(str(folder / name), data, CHECK)))
    for token, result in pending:
        cache.store(token, result)
    cache.save()
    results, cache = _run([tmp_path / "tree"], CHECK, tmp_path / "c")
    assert (cache.hits, cache.misses) == (6, 0)
    assert sorted(code for r in results for d in r.diagnostics for code in [d.code]) == ["GF001"] * 3


@pytest.mark.parametrize(
    "path", ["a.py", "src/a.py", "src//a.py", "/a.py", "//a.py", "./a.py", "a/b/", "/", "", "a//b//c.py", "é/ü.py"]
)
def test_the_cache_splits_paths_as_os_path_split(path: str) -> None:
    assert cache_module._split(path) == os.path.split(path)
