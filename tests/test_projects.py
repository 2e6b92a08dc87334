"""Multi-file projects: helpers and step functions in other modules.

    tests/projects/<case>/before/...   the project's files (with a pyproject.toml: its root)
    tests/projects/<case>/after/...    the files after `gradfix --write`; absent: nothing changes

`clean_*` cases must report nothing. Every case is also run one file at a time (as pre-commit
and editors do) and through stdin with `--stdin-filename`: the project is still seen, and each
file gets the same result as in the whole-project run.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from conftest import run_gradfix as run_the_command
from conftest import run_gradfix_in_a_fork as run_gradfix

CASES = sorted(p for p in (Path(__file__).parent / "projects").iterdir() if (p / "before").is_dir())


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*.py"))}


def _expected(case: Path) -> dict[str, bytes]:
    after = case / "after"
    return _files(after) if after.is_dir() else _files(case / "before")


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_project_write(case: Path, tmp_path: Path) -> None:
    work = tmp_path / "project"
    shutil.copytree(case / "before", work)
    check = run_gradfix("--isolated", ".", cwd=work)
    if case.name.startswith("clean_"):
        assert check.returncode == 0, check.stdout.decode() + check.stderr.decode()
    else:
        assert check.returncode == 1, check.stderr.decode()
    result = run_gradfix("--isolated", "--write", ".", cwd=work)
    assert result.returncode in (0, 1), result.stderr.decode()
    assert _files(work) == _expected(case)
    again = run_gradfix("--isolated", "--write", ".", cwd=work)
    assert _files(work) == _expected(case), "a second run changed something"
    assert again.returncode in (0, 1)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_project_one_file_at_a_time(case: Path, tmp_path: Path) -> None:
    work = tmp_path / "project"
    shutil.copytree(case / "before", work)
    expected = _expected(case)
    for name in sorted(_files(work)):
        original = (work / name).read_bytes()
        piped = run_gradfix("--isolated", "--write", "-", "--stdin-filename", name, cwd=work, stdin=original)
        assert piped.stdout == expected[name], name
        run_gradfix("--isolated", "--write", name, cwd=work)
        assert (work / name).read_bytes() == expected[name], name


def test_a_forked_run_answers_as_the_command_itself(tmp_path: Path) -> None:
    """The cases above run gradfix in forked children of a server that imported it once
    (conftest.run_gradfix_in_a_fork): on a case, each run of the kinds they make gives the exit
    status, output and files the command itself gives."""
    case = Path(__file__).parent / "projects" / "step_function_in_other_module"
    seen = {}
    for how, run in (("forked", run_gradfix), ("command", run_the_command)):
        work = tmp_path / how / "project"
        shutil.copytree(case / "before", work)
        runs = [
            run("--isolated", ".", cwd=work),
            run("--isolated", "--write", "-", "--stdin-filename", "engine.py", cwd=work, stdin=(work / "engine.py").read_bytes()),
            run("--isolated", "--write", "main.py", cwd=work),
            run("--isolated", "--write", ".", cwd=work),
        ]
        seen[how] = [(r.returncode, r.stdout, r.stderr) for r in runs], _files(work)
    assert seen["forked"] == seen["command"]
    assert [code for code, _, _ in seen["command"][0]] == [1, 0, 0, 0] and seen["command"][1] != _files(case / "before")


_IMPORT_SHAPES = [
    b"from .engine import train_one_epoch\n",
    b"from pkg.engine import (\n    evaluate,\n    train_one_epoch,\n)\n",
    b"from pkg.engine import (evaluate)  # train_one_epoch\n",
    b"import pkg.engine as e\n",
    b"from pkg import (\n    utils,\n    engine,\n)\nx = 1\n",
    b"def f():\n    from engine import *\n",
    b'"""Docs.\nimport engine\n"""\n',
    b"imports = engine\n",
    b"from pkg.engine import (evaluate,\n    import (train_one_epoch\n",  # never closed
    b"x = (1,\n)\nfrom pkg import other  # engine\n",
    b"from a(b) import (c,\n engine)\n",
    b"print('import engine')\n",
]


@pytest.mark.parametrize("shape", _IMPORT_SHAPES)
@pytest.mark.parametrize("name", ["train_one_epoch", "evaluate", "Trainer"])
def test_import_lines_answer_as_the_whole_file(shape: bytes, name: str) -> None:
    """The step-function caller search looks only at a file's import stretches: for any
    module and name, they match exactly when the whole file does."""
    from gradfix.analysis.steps import _import_statements, _importing

    data = b"import torch\n\n" + shape + b"\nloss.backward()\n"
    for stem in ("engine", "pkg", "utils", "other"):
        pattern = _importing(stem, name)
        assert bool(pattern.search(_import_statements(data))) == bool(pattern.search(data)), (stem, name)


def test_import_stretches_answer_as_the_whole_file_on_random_runs() -> None:
    """The same on random runs of the bytes the patterns read, `from` lines that never say
    `import` among them (one opening a parenthesis over later import lines, one continued by a
    backslash): the stretches leave such lines out, and every pattern answers as on the file."""
    import random

    from gradfix.analysis.steps import _import_statements, _importing

    pieces = [b"from ", b"import ", b"engine", b"pkg.", b"as e", b"(", b")", b",", b" ", b"\n", b"\t", b"*", b"x",
              b"train", b"\\\n", b"fromage ", b"imports"]  # fmt: skip
    patterns = [_importing(stem, name) for stem in ("engine", "pkg") for name in ("train", "x")]
    rng = random.Random(66)
    matched = 0
    for _ in range(6_000):
        data = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 18)))
        statements = _import_statements(data)
        for pattern in patterns:
            found = pattern.search(data) is not None
            assert (pattern.search(statements) is not None) == found, (pattern.pattern, data)
            matched += found
    assert matched > 300  # the property was put to the test


def test_a_file_whose_imports_do_not_name_the_module_never_matches() -> None:
    """The caller search compiles and tries a module's import pattern only for files whose
    import stretches hold the module's name: no match exists without it, on the shapes above,
    on gradfix's own modules and on random runs of the bytes the pattern reads."""
    import random

    from gradfix.analysis.steps import _import_statements, _importing

    own = sorted((Path(__file__).resolve().parent.parent / "gradfix").rglob("*.py"))
    stems = ("engine", "pkg", "steps", "analysis", "loops", "e")
    datas = [*_IMPORT_SHAPES, *(path.read_bytes() for path in own)]
    pieces = [b"from ", b"import ", b"engine", b"engines", b"pkg.", b"as e", b"(", b")", b",", b" ", b"\n", b"*", b"x", b"train"]
    rng = random.Random(7)
    datas += [b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 16))) for _ in range(5_000)]
    matched = 0
    for stem in stems:
        pattern = _importing(stem, "train")
        for data in datas:
            statements = _import_statements(data)
            if pattern.search(statements):
                matched += 1
                assert stem.encode() in statements, (stem, data)
    assert matched > 100  # the property was put to the test


def test_files_naming_a_module_found_in_the_joined_statements_as_file_by_file() -> None:
    """`_naming_module` searches the import statements of all files joined (NUL between
    files): for every module name it finds the same files, in the same order, with the same
    bytes and statements, as a test of each file's statements; on gradfix's own modules, the
    shapes above, files holding NUL bytes, unreadable files, and names that occur across a
    file's boundary, twice in one file, or not at all (and the empty name and one holding NUL,
    which take the file-by-file test)."""
    import random

    from gradfix.analysis import steps

    own = sorted((Path(__file__).resolve().parent.parent / "gradfix").rglob("*.py"))
    rng = random.Random(11)
    pieces = [b"from ", b"import ", b"engine", b"pkg.", b"as e", b"(", b")", b",", b" ", b"\n", b"\0", b"x", b"train"]
    datas: list[bytes | None] = [*_IMPORT_SHAPES, *(path.read_bytes() for path in own), None]
    datas += [b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 12))) for _ in range(400)]
    datas += [None, b"import engine\n", b"from pkg import engine, engine\n", b"import eng", b"ine\n"]
    contents = [(f"/p/f{index}.py", data) for index, data in enumerate(datas)]
    modules = [b"engine", b"pkg", b"e", b"steps", b"analysis", b"loops", b"import", b"\n", b" ", b"ine", b"absent", b"", b"x\0y"]
    found_any = 0
    for module in modules:
        expected = [
            (path, data, statements)
            for path, data in contents
            if data is not None and module in (statements := steps._import_statements(data))
        ]
        steps._NAMING[0] = None  # a new list of contents: joined anew
        assert steps._naming_module(contents, module) == expected, module
        found_any += bool(expected)
    for module in modules:  # the joined statements kept, asked again for every name
        expected = [(p, d, s) for p, d in contents if d is not None and module in (s := steps._import_statements(d))]
        assert steps._naming_module(contents, module) == expected, module
    assert found_any >= 8  # most names are found somewhere


def test_import_lines_are_the_pattern_s_matches() -> None:
    """`_import_lines` finds the lines `_IMPORT_LINE` matches, by a byte search: the same spans
    on every shape above, on gradfix's own modules and on random runs of the bytes that
    matter (line endings of every kind, blanks Python allows, words that contain the keywords)."""
    from gradfix.analysis.steps import _IMPORT_LINE, _import_lines

    def expected(data: bytes) -> list[tuple[int, int]]:
        return [match.span() for match in _IMPORT_LINE.finditer(data)]

    pieces = [b"from", b"import", b" ", b"\t", b"\n", b"\r\n", b"\r", b"x", b"(", b")", b"#", b"fromage", b"imports", b"\\\n", b"\f"]
    _answer_alike(_import_lines, expected, pieces, seed=14)


def _answer_alike(found, searched, pieces: list[bytes], seed: int) -> int:  # type: ignore[no-untyped-def]
    """`found(data) == searched(data)` on every import shape above, on gradfix's own modules
    and on 20,000 random runs of `pieces`; how many runs `searched` matched in."""
    import random

    own = sorted((Path(__file__).resolve().parent.parent / "gradfix").rglob("*.py"))
    for data in [*_IMPORT_SHAPES, *(path.read_bytes() for path in own)]:
        assert found(data) == searched(data)
    rng = random.Random(seed)
    hits = 0
    for _ in range(20_000):
        data = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 14)))
        assert found(data) == searched(data), data
        hits += bool(searched(data))
    return hits


def test_the_project_of_a_file_is_the_nearest_folder_with_a_marker_each_folder_asked_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The root is the nearest folder above the file with a marker, else the file's own
    folder, however the path is spelled (`..` included: its parents are the real folder's,
    not those of the folders it passes through); each folder is asked about once."""
    import gradfix.project as project_module

    (tmp_path / "one" / "pkg" / "deep").mkdir(parents=True)
    (tmp_path / "one" / "pyproject.toml").write_text("")
    (tmp_path / "two" / ".git").mkdir(parents=True)
    (tmp_path / "two" / "nested").mkdir()
    (tmp_path / "two" / "nested" / "setup.py").write_text("")
    (tmp_path / "loose" / "dir").mkdir(parents=True)
    expected = {
        "one/a.py": "one", "one/pkg/deep/b.py": "one", "one/pkg/c.py": "one", "two/d.py": "two",
        "two/nested/e.py": "two/nested", "loose/dir/f.py": "loose/dir", "loose/g.py": "loose",
    }  # fmt: skip
    monkeypatch.chdir(tmp_path / "one" / "pkg")
    real_exists = project_module.os.path.exists
    for spelling in (str, lambda p: os.path.relpath(p)):  # relative: `../../loose/dir/f.py`
        monkeypatch.setattr(project_module, "_ROOTS", {})
        monkeypatch.setattr(project_module, "_MARKED", {})
        monkeypatch.setattr(project_module, "_PROJECTS", {})
        looked: list[str] = []
        monkeypatch.setattr(project_module.os.path, "exists", lambda p, looked=looked: looked.append(p) or real_exists(p))
        for name, root in expected.items():
            found = project_module.project_for(spelling(tmp_path / name))
            assert found is not None and found.root == str(tmp_path / root), name
        assert len(looked) == len(set(looked))  # no folder asked twice
        monkeypatch.setattr(project_module.os.path, "exists", real_exists)


def test_a_folder_given_without_a_marker_is_one_project(tmp_path: Path) -> None:
    """A tree without `.git` or `pyproject.toml` (a downloaded archive): the folder the run is
    given is the project of every file under it, so a script in a folder without `__init__.py`
    sees the helper module beside that folder (as when it runs from the tree's top). Given only
    the script's folder, the helper is outside the program checked: nothing is reported."""
    case = Path(__file__).parent / "projects" / "step_function_of_another_module_returns_the_loss_summed_by_the_caller"
    repo = tmp_path / "download"
    (repo / "scripts").mkdir(parents=True)
    shutil.copy(case / "before" / "engine.py", repo / "engine.py")
    shutil.copy(case / "before" / "train.py", repo / "scripts" / "train.py")
    expected = (case / "after" / "train.py").read_bytes()
    assert expected != (repo / "scripts" / "train.py").read_bytes()
    for args, cwd in ((["download"], tmp_path), (["."], repo)):
        found = run_gradfix("--isolated", "--no-cache", *args, cwd=cwd)
        assert found.returncode == 1 and b"train.py:8:9: GF009" in found.stdout, (args, found.stdout, found.stderr)
    inside = run_gradfix("--isolated", "--no-cache", "download/scripts", cwd=tmp_path)
    assert inside.returncode == 0 and b"GF009" not in inside.stdout, inside.stdout
    run_gradfix("--isolated", "--write", "download", cwd=tmp_path)
    assert (repo / "scripts" / "train.py").read_bytes() == expected
    again = run_gradfix("--isolated", "--write", "download", cwd=tmp_path)
    assert again.returncode == 0 and (repo / "scripts" / "train.py").read_bytes() == expected


def test_unmarked_files_belong_to_the_outermost_folder_given_that_holds_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`given_roots` keeps the run's unmarked folders that hold Python at the top, outermost first; a file's root is then the
    outermost of them holding it, or the folder its top package sits in when that is higher; a
    marker still wins, and a file outside every given folder keeps its own folder."""
    import gradfix.project as project_module

    for folder in ("a/b/c", "a/pkg/sub", "marked/x", "other"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "marked" / "pyproject.toml").write_text("")
    for package in ("a/pkg", "a/pkg/sub"):
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "a" / "b" / "run.py").write_text("")
    (tmp_path / "several").mkdir()  # a folder of downloaded repositories: no Python of its own
    assert project_module.given_roots([str(tmp_path / "several"), str(tmp_path / "other")]) == ()
    monkeypatch.setattr(project_module, "_MARKED", {})
    monkeypatch.setattr(project_module, "_PROJECTS", {})
    monkeypatch.setattr(project_module, "_ROOTS", {})
    monkeypatch.setattr(project_module, "_GIVEN", ())
    monkeypatch.chdir(tmp_path)
    given = project_module.given_roots(["a/b", "a", "marked/x", "a/pkg/sub/", "-", "a/b/c/missing.py"])
    assert given == (str(tmp_path / "a"), str(tmp_path / "a" / "b"), str(tmp_path / "a" / "pkg" / "sub"))
    expected = {"a/b/c/f.py": "a", "a/pkg/sub/g.py": "a", "marked/x/h.py": "marked", "other/i.py": "other"}
    for roots in ((), given):
        project_module.use_roots(roots)
        for name, root in expected.items():
            found = project_module.project_for(str(tmp_path / name))
            want = root if roots or name.startswith(("marked", "other")) else {"a/b/c/f.py": "a/b/c", "a/pkg/sub/g.py": "a"}[name]
            assert found is not None and found.root == str(tmp_path / want), (roots, name)
    project_module.use_roots(())


def test_the_prefilter_s_import_lines_are_found_from_the_keywords() -> None:
    """`imports_backpropagation` tries its import pattern only at the lines `import_lines`
    finds: the same matches as the pattern searched through the whole file."""
    from gradfix.project import _IMPORT_LINE, import_lines

    def found(data: bytes) -> list[tuple[int, int]]:
        return [m.span() for start, _ in import_lines(data) if (m := _IMPORT_LINE.match(data, start))]

    def searched(data: bytes) -> list[tuple[int, int]]:
        return [m.span() for m in _IMPORT_LINE.finditer(data)]

    pieces = [b"from", b"import", b" ", b"\t", b"\n", b"\r\n", b"\r", b"x", b".", b",", b"(", b"#", b"fromage", b"as", b"\\\n"]
    assert _answer_alike(found, searched, pieces, seed=15) > 100


def test_a_module_s_backward_words_are_looked_for_once_per_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The prefilter asks, for every file that steps but says no backward, whether a module it
    imports does: each imported module's bytes are searched once, not once per importer."""
    import gradfix.project as project_module

    (tmp_path / "engine.py").write_bytes(b"def train(loss):\n    loss.backward()\n")
    (tmp_path / "quiet.py").write_bytes(b"def helper():\n    return 1\n")
    searches: list[int] = []

    class Words(tuple):
        def __iter__(self):  # type: ignore[no-untyped-def]
            searches.append(1)
            return super().__iter__()

    monkeypatch.setattr(project_module, "_BACKWARD_BYTES", Words(project_module._BACKWARD_BYTES))
    project = project_module.Project(tmp_path)
    project.touched = {}
    assert not project.imports_backpropagation(b"import quiet\noptimizer.step()\n", tmp_path / "a.py")
    assert project.imports_backpropagation(b"from engine import train\noptimizer.step()\n", tmp_path / "b.py")
    assert len(searches) == 2  # each module once
    for name in ("c.py", "d.py", "e.py"):
        assert project.imports_backpropagation(b"import quiet\nimport engine\nopt.step()\n", tmp_path / name)
    assert len(searches) == 2  # the same bytes: not searched again


def test_an_epoch_loop_of_helpers_is_let_through_when_a_helper_it_calls_backpropagates(tmp_path: Path) -> None:
    """A file that says `epoch` but neither steps nor clears is analysed when it calls a
    function or class of a project module whose own text (or that of a function of its module
    it calls) says a backward word; importing such a module, or calling its other functions,
    is not enough."""
    from gradfix.pipeline import prefilter

    (tmp_path / "pyproject.toml").write_bytes(b"")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_bytes(b"")
    engine = (
        b"def _update(model, batch):\n    model(batch).sum().backward()\n\n\n"
        b"def train_one_epoch(\n    model, loader\n):\n    for batch in loader:\n        _update(model, batch)\n\n\n"
        b"class Trainer:\n    def fit(self, loss):\n        loss.backward()\n\n\n"
        b"def describe(model):\n    return str(model)  # nothing trained here\n"
    )
    (tmp_path / "pkg" / "engine.py").write_bytes(engine)
    (tmp_path / "quiet.py").write_bytes(b"def train_one_epoch(model, loader):\n    return 0\n")
    through = {
        "from": b"from pkg.engine import train_one_epoch\nfor epoch in range(3):\n    train_one_epoch(m, d)\n",
        "alias": b"from pkg.engine import train_one_epoch as fit\nfor epoch in range(3):\n    fit(m, d)\n",
        "parenthesized": b"from pkg.engine import (\n    describe,  # a comment\n    train_one_epoch,\n)\nfor epoch in range(3):\n    train_one_epoch(m, d)\n",
        "module alias": b"import pkg.engine as E\nfor epoch in range(3):\n    E.train_one_epoch(m, d)\n",
        "module of a package": b"from pkg import engine\nfor epoch in range(3):\n    engine.train_one_epoch(m, d)\n",
        "class": b"from pkg.engine import Trainer\nt = Trainer()\nfor epoch in range(3):\n    t.fit(l)\n",
    }
    for name, data in through.items():
        assert prefilter(data, str(tmp_path / f"{name.replace(' ', '_')}.py"))[0], name
    dropped = {
        "no epoch": b"from pkg.engine import Trainer\nt = Trainer()\nfor i in range(3):\n    t.fit(l)\n",
        "not called": b"from pkg.engine import train_one_epoch\nfor epoch in range(3):\n    print(epoch)\n",
        "other function": b"from pkg.engine import describe\nfor epoch in range(3):\n    describe(m)\n",
        "quiet module": b"from quiet import train_one_epoch\nfor epoch in range(3):\n    train_one_epoch(m, d)\n",
        "library": b"import torch\nfor epoch in range(3):\n    torch.manual_seed(epoch)\n",
    }
    for name, data in dropped.items():
        assert not prefilter(data, str(tmp_path / f"{name.replace(' ', '_')}.py"))[0], name


def _module_file_as_specified(root: Path, name: str, folder: str | None) -> tuple[str | None, list[str]]:
    """`module_file`'s search written out plainly: next to the importer (or up `level` folders
    for a relative name), then at the root, then in `src/`; `a.b` is `a/b/__init__.py` (a
    package wins over a module beside it, as Python's import finds them), then `a/b.py`; the
    files not found where their folder exists are recorded as absent."""
    level = len(name) - len(name.lstrip("."))
    parts = [p for p in name.lstrip(".").split(".") if p]
    if not level and parts[:1] in (["accelerate"], ["timm"], ["lightning"]):
        return None, []  # libraries the rules know by name: never their source, wherever it lies
    if level:
        if folder is None:
            return None, []
        base = folder
        for _ in range(level - 1):
            base = os.path.dirname(base)
        bases = [base]
    else:
        bases = ([folder] if folder is not None else []) + [str(root), os.path.join(str(root), "src")]
    absent: list[str] = []
    for base in bases:
        target = os.path.join(base, *parts) if parts else base
        if not os.path.isdir(os.path.dirname(target) if parts else target):
            continue
        for candidate in (os.path.join(target, "__init__.py"), target + ".py" if parts else None):
            if candidate is None or not candidate.startswith(str(root) + os.sep):
                continue
            if os.path.isfile(candidate):
                return candidate, absent
            if os.path.isdir(os.path.dirname(candidate)):
                absent.append(candidate)
    return None, absent


def test_modules_are_found_as_specified_and_the_root_looked_at_once_per_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import gradfix.project as project_module

    for name in ("engine.py", "pkg/__init__.py", "pkg/train.py", "src/lib/__init__.py", "src/lib/core.py",
                 "app/main.py", "app/helpers.py", "app/sub/deep.py", "tools/__init__.py",
                 "accelerate/__init__.py", "src/timm/__init__.py", "src/timm/utils.py", "app/lightning.py"):  # fmt: skip
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    names = ["engine", "pkg", "pkg.train", "pkg.missing", "lib", "lib.core", "helpers", "torch", "torch.nn",
             ".helpers", "..engine", ".sub.deep", "...x", "tools", "app.helpers", "src",
             "accelerate", "timm.utils", "lightning", ".lightning", "app.lightning"]  # fmt: skip
    folders = [None, str(tmp_path), str(tmp_path / "app"), str(tmp_path / "app" / "sub"), str(tmp_path / "tools")]
    expected = {(name, folder): _module_file_as_specified(tmp_path, name, folder) for folder in folders for name in names}
    project = project_module.Project(tmp_path)
    for folder in folders:
        for name in names:
            absent: list[str] = []
            found = project._module_file(name, folder, absent)
            assert (found, absent) == expected[name, folder], (name, folder)
    # a second project asked from folders below the root: the root's part once per name
    project = project_module.Project(tmp_path)
    checked: list[str] = []
    real_isfile = project_module.os.path.isfile
    monkeypatch.setattr(project_module.os.path, "isfile", lambda p: checked.append(p) or real_isfile(p))
    for folder in folders[2:]:
        for name in ("engine", "torch", "lib.core"):
            project._module_file(name, folder, [])
    at_root = [p for p in checked if os.path.dirname(p) in (str(tmp_path), str(tmp_path / "src"))]
    assert at_root and len(at_root) == len(set(at_root))


def test_paths_are_spelled_as_pathlib_spells_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The index keys files by `absolute(path)` and reads names with `normalized` and `stem`:
    the same strings `pathlib` gives (it was used before, and its spelling is in the cache's
    dependency records), for every kind of spelling, from any current folder."""
    import pathlib
    import random

    from gradfix.project import absolute, normalized, stem

    spellings = ["", ".", "./", "a", "a/", "a//b", "./a/./b", "a/../b", "../x.py", "/", "//", "///", "//a",
                 "///a/b", "/a/./b/", "/a/b/..", "x.tar.gz", ".hidden", "a/.py", "a/b.", "a/..", "__init__.py",
                 "./__init__.py", "/__init__.py", "pkg/__init__.py", "\u00e9/\u00fc.py", "a b/c d.py", "...", "/.", "/./a"]
    rnd = random.Random(7)
    for _ in range(2000):
        spellings.append("".join(rnd.choice(["/", ".", "a", "..", "b.py", "", "x"]) for _ in range(rnd.randint(0, 8))))
    for folder in (str(tmp_path), "/"):
        monkeypatch.chdir(folder)
        for spelling in spellings:
            assert absolute(spelling) == str(pathlib.Path(spelling).absolute()), (folder, spelling)
            assert absolute(pathlib.Path(spelling)) == str(pathlib.Path(spelling).absolute()), (folder, spelling)
            assert normalized(spelling) == str(pathlib.PurePath(spelling)), spelling
            assert stem(spelling) == pathlib.PurePath(spelling).stem, spelling


@pytest.mark.parametrize(
    "name", ["epoch_helper_of_other_module_clips_scaled_gradients", "step_function_of_other_module_clips_after_step"]
)
def test_a_helper_judged_in_its_own_file_is_reported_there_only(name: str, tmp_path: Path) -> None:
    """The helper of another module holds the whole batch loop (or is a step function judged
    with its callers): its clip is reported once, where the fix goes, not again at the call."""
    work = tmp_path / "project"
    shutil.copytree(Path(__file__).parent / "projects" / name / "before", work)
    check = run_gradfix("--isolated", "--no-cache", ".", cwd=work)
    lines = [line for line in check.stdout.decode().splitlines() if line.strip()]
    assert len(lines) == 1, lines
    assert "[*]" in lines[0] and not lines[0].startswith(("main.py", "train.py")), lines


def test_a_finding_through_a_helper_of_another_module_points_at_the_call_in_its_own_file(tmp_path: Path) -> None:
    """GF020's scheduler steps in a step function of `engine.py`: the finding is filed on
    `train.py` at the call of the helper (13:13-13:58), not at `engine.py`'s coordinates of
    `scheduler.step()` (8:5)."""
    import json

    work = tmp_path / "project"
    shutil.copytree(Path(__file__).parent / "projects" / "epoch_horizon_scheduler_stepped_in_a_step_function_of_another_module" / "before", work)
    check = run_gradfix("--isolated", "--no-cache", "--format", "json", ".", cwd=work)
    found = [(Path(d["file"]).name, d["code"], d["line"], d["column"], d["end_line"], d["end_column"]) for d in json.loads(check.stdout)]
    assert found == [("train.py", "GF020", 13, 13, 13, 58)]


def test_every_finding_and_fix_of_the_project_cases_is_of_its_own_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """A finding found through a helper of another module carries a node of the file it is
    reported in (its position is read in that file's text), and so does every edit of its fix:
    checked on every project case, in process."""
    import gradfix.pipeline as pipeline
    from gradfix.transforms import ALL_RULES
    from gradfix.transforms.apply import own_edits
    from gradfix.walk import ast_walk

    wrong: list = []  # type: ignore[type-arg]
    rules = pipeline._rules

    class Checked:
        def __init__(self, rule) -> None:  # type: ignore[no-untyped-def]
            self.rule = rule

        def check(self, model):  # type: ignore[no-untyped-def]
            own = {id(node) for node in ast_walk(model.source.tree)}
            for finding in self.rule.check(model):
                if any(id(node) not in own for node in (finding.node, *finding.related)):
                    wrong.append((model.source.path, finding.code, "position"))
                if finding.fix is not None and not own_edits(model.source, finding.fix):
                    wrong.append((model.source.path, finding.code, "fix"))
                yield finding

    monkeypatch.setattr(pipeline, "_rules", lambda select: [Checked(rule) for rule in rules(select)])
    options = pipeline.Options(select=frozenset(rule.code for rule in ALL_RULES), unsafe_fixes=True, fix=True)
    for case in CASES:
        for path in sorted((case / "before").rglob("*.py")):
            pipeline.process_python(str(path), path.read_bytes(), options)
    assert not wrong


def test_a_loop_summing_what_a_step_function_of_another_module_returns_is_let_through(tmp_path: Path) -> None:
    """A file that neither steps nor says an epoch loop, but adds something saying `loss`
    (`running += loss`), passes the prefilter when it calls a function of its project that
    backpropagates; not when the function does not, nor without the sum."""
    from gradfix.pipeline import prefilter

    (tmp_path / "pyproject.toml").write_bytes(b"")
    (tmp_path / "engine.py").write_bytes(b"def train_step(m, x):\n    loss = m(x)\n    loss.backward()\n    return loss\n")
    (tmp_path / "plain.py").write_bytes(b"def train_step(m, x):\n    return m(x)\n")
    summing = b"from engine import train_step\n\nrunning = 0.0\nfor x in data:\n    loss = train_step(m, x)\n    running += loss\n"
    cases = {
        "a.py": (summing, True),
        "b.py": (summing.replace(b"engine", b"plain"), False),
        "c.py": (summing.replace(b"running += loss", b"running = loss"), False),
    }
    for name, (data, expected) in cases.items():
        (tmp_path / name).write_bytes(data)
        assert prefilter(data, str(tmp_path / name))[0] is expected, name


def test_a_loop_training_through_an_object_handed_an_optimizer_is_let_through(tmp_path: Path) -> None:
    """A file that says no gradient word, no step and no epoch loop, but builds (or imports) an
    optimizer of torch and has a loop, passes the prefilter when it calls a class or function of
    its project whose text backpropagates (`t = Trainer(model, opt)`; `while ...: t.fit(x)`); not
    without the optimizer, without a loop, or when the class does not backpropagate."""
    from gradfix.pipeline import prefilter

    (tmp_path / "pyproject.toml").write_bytes(b"")
    (tmp_path / "trainer.py").write_bytes(b"class Trainer:\n    def fit(self, loss):\n        loss.backward()\n")
    (tmp_path / "plain.py").write_bytes(b"class Trainer:\n    def fit(self, x):\n        return x\n")
    loop = b"from trainer import Trainer\nimport torch\nt = Trainer(m, torch.optim.SGD(m.parameters()))\nwhile i < 3:\n    t.fit(x)\n"
    cases = {
        "while.py": (loop, True),
        "imported.py": (loop.replace(b"torch.optim.SGD(", b"AdamW(").replace(b"import torch\n", b"from torch.optim import AdamW\n"), True),
        "for.py": (loop.replace(b"while i < 3:", b"for i in range(3):"), True),
        "spaced.py": (loop.replace(b"torch.optim.SGD(", b"optim.Adam ("), True),
        "no_optimizer.py": (loop.replace(b"torch.optim.SGD(m.parameters())", b"m"), False),
        "lower_case.py": (loop.replace(b"torch.optim.SGD(", b"torch.optim.lr_scheduler.step_lr("), False),
        "no_loop.py": (loop.replace(b"while i < 3:\n    ", b""), False),
        "quiet_class.py": (loop.replace(b"from trainer", b"from plain"), False),
        # the base class alone builds no optimizer (an optimizer's own module: `class
        # Lamb(Optimizer)`); with another class beside it, or a parenthesised list, it does
        "base_class.py": (loop.replace(b"torch.optim.SGD(m.parameters())", b"m").replace(b"import torch\n", b"from torch.optim import Optimizer\n"), False),
        "base_class_built.py": (loop.replace(b"torch.optim.SGD(", b"torch.optim.Optimizer("), False),
        "base_and_class.py": (loop.replace(b"torch.optim.SGD(", b"AdamW(").replace(b"import torch\n", b"from torch.optim import Optimizer, AdamW\n"), True),
        "parenthesised.py": (loop.replace(b"torch.optim.SGD(", b"AdamW(").replace(b"import torch\n", b"from torch.optim import (\n    AdamW,\n)\n"), True),
        # an optimizer factory's call (timm's, or a project's `build_optimizer`), not its
        # definition nor another name that ends or starts so
        "timm_factory.py": (loop.replace(b"torch.optim.SGD(m.parameters())", b'create_optimizer_v2(m, "adamw")'), True),
        "timm_module.py": (loop.replace(b"torch.optim.SGD(m.parameters())", b"timm.optim.create_optimizer(args, m)"), True),
        "project_factory.py": (loop.replace(b"torch.optim.SGD(m.parameters())", b"build_optimizer (cfg, m)"), True),
        "factory_defined.py": (loop.replace(b"torch.optim.SGD(m.parameters())", b"m").replace(b"import torch\n", b"def build_optimizer(cfg, m):\n    return cfg\n"), False),
        "factory_named_otherwise.py": (loop.replace(b"torch.optim.SGD(m.parameters())", b"my_create_optimizer(m)"), False),
        "factory_module.py": (loop.replace(b"torch.optim.SGD(m.parameters())", b"create_optimizer_v2(m)").replace(b"import torch\n", b"def create_optimizer(args, m):\n    return create_optimizer_v2(m)\n"), False),
        "factory_not_called.py": (loop.replace(b"torch.optim.SGD(m.parameters())", b"m, create_optimizer"), False),
    }
    for name, (data, expected) in cases.items():
        (tmp_path / name).write_bytes(data)
        assert prefilter(data, str(tmp_path / name))[0] is expected, name


def _search_by_join(bases: list[str], parts: list[str], inside: str, absent: list[str]) -> str | None:
    """`project._search` as it was written with `os.path.join` and `os.path.dirname` (the oracle
    of its concatenated spelling)."""
    for base in bases:
        target = os.path.join(base, *parts) if parts else base
        if not os.path.isdir(os.path.dirname(target) if parts else target):
            continue
        for candidate in (os.path.join(target, "__init__.py"), target + ".py" if parts else None):
            if candidate is None or not candidate.startswith(inside):
                continue
            if os.path.isfile(candidate):
                return candidate
            if os.path.isdir(os.path.dirname(candidate)):
                absent.append(candidate)
    return None


def test_module_files_spelled_by_concatenation_answer_as_os_path_join(tmp_path: Path) -> None:
    import random

    import gradfix.project as project_module

    root = tmp_path / "root"
    layout = ["a/__init__.py", "a/b.py", "a/c/__init__.py", "a/c/d.py", "e.py", "f/g.py", "src/h/__init__.py",
              "src/h/i.py", "j/__init__.py/x", "k.py/y.py", "l/m/n.py", "R.py", "S/__init__.py", "t.PY"]  # fmt: skip
    for name in layout:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("")
    (root / "o").mkdir()
    os.symlink(root / "a", root / "p")  # a package through a symlink
    os.symlink(root / "missing.py", root / "q.py")  # a dangling one
    (tmp_path / "outside.py").write_text("")
    words = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "x", "y", "src",
             "root", "outside", "zz", "", "a/b", "/e", "c/", "r", "R", "s", "S", "t", "A", "\u017ft", "é"]  # fmt: skip
    bases = [str(root), str(root) + "/", str(root / "a"), str(root / "src"), str(root / "lib"), str(tmp_path),
             str(root / "e.py"), "/", str(root / "a") + "//"]  # fmt: skip
    inside = str(root) + os.sep
    rng = random.Random(66)
    cases = [([base], [word]) for base in bases for word in words]
    cases += [(rng.sample(bases, rng.randint(1, 3)), [rng.choice(words) for _ in range(rng.randint(0, 3))]) for _ in range(3000)]
    project = project_module.Project(str(root))
    listed: list[str] = []

    def listing(folder: str) -> frozenset[str] | None:  # a project's listing, in a steady run
        listed.append(folder)
        return frozenset(name.casefold() for name in os.listdir(folder)) if os.path.isdir(folder) else None

    for chosen, parts in cases:
        expected_absent: list[str] = []
        expected = _search_by_join(chosen, parts, inside, expected_absent)
        for listing_of in (None, listing):  # probed one by one; looked for only where a listing names them
            absent: list[str] = []
            assert project_module._search(chosen, parts, inside, absent, os.path.isdir, listing_of) == expected, (chosen, parts)
            assert absent == expected_absent, (chosen, parts)
    assert listed
    # a project lists a folder once per steady run, and not outside one
    from gradfix import files as files_module

    saved = files_module.steady
    try:
        files_module.steady = None
        assert project._listed(str(root)) is None
        files_module.steady = "run-1"
        first = project._listed(str(root))
        assert first is not None and {"r.py", "s", "t.py", "a", "p", "q.py"} <= first
        (root / "u.py").write_text("")
        assert project._listed(str(root)) is first  # the same run: listed once
        files_module.steady = "run-2"
        assert "u.py" in project._listed(str(root))  # type: ignore[operator]
        assert project._listed(str(root / "e.py")) is None  # not a folder
        found = project.module_file("u", str(root / "a" / "b.py"))
        assert found == str(root / "u.py")
    finally:
        files_module.steady = saved


def test_a_relative_importer_is_read_from_the_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`gradfix app` from two folders: the same relative importer is a file of each (its folder
    is kept by the current folder, not once for all), and the absolute spelling agrees."""
    from gradfix.project import Project

    for side in ("a", "b"):
        for name in ("app/main.py", "app/helpers.py", "app/sub/__init__.py"):
            (tmp_path / side / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / side / name).write_text("")
    project = Project(str(tmp_path))
    for side in ("a", "b", "a", "b"):
        monkeypatch.chdir(tmp_path / side)
        here = tmp_path / side / "app"
        for importer in ("app/main.py", "./app//main.py", str(here / "main.py")):
            assert project.module_file(".helpers", importer) == str(here / "helpers.py"), (side, importer)
            assert project.module_file("helpers", importer) == str(here / "helpers.py"), (side, importer)
            assert project.module_file(".sub", importer) == str(here / "sub" / "__init__.py"), (side, importer)


def test_base_names_are_what_a_search_of_the_whole_text_finds() -> None:
    """`_base_names` tries its pattern only at the start of a line saying `class`: the names
    are those `findall` over the whole text gives (bases over several lines, a class inside a
    previous one's parentheses, `class` not at a line's start, a comment, CRLF lines)."""
    import random
    import re

    from gradfix.project import _CLASS_BASES, _base_names

    def searched(data: bytes) -> set[bytes]:
        return {name for bases in _CLASS_BASES.findall(data) for name in re.findall(rb"(?<![\w.])\w+", bases)}

    pieces = [b"class", b"class ", b" ", b"\t", b"\n", b"\r\n", b"A", b"B", b"(", b")", b",", b":", b"#", b"x = ", b"classy", b"."]
    rng = random.Random(72)
    for _ in range(5_000):
        data = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 14)))
        assert _base_names(data) == searched(data), data
    for path in sorted(Path(__file__).resolve().parent.parent.joinpath("gradfix").rglob("*.py")):
        data = path.read_bytes()
        assert _base_names(data) == searched(data), path
