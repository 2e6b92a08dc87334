"""A `.gitignore`'s lines are compiled by pathspec only for a path they may match
(`gradfix.files._LazySpec`): the verdicts are pathspec's own, line for line."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import warnings
from pathlib import Path

import pathspec
import pytest

from gradfix.files import _LazySpec, _verdict

REPO = Path(__file__).resolve().parent.parent

# Lines of the kind `.gitignore` files hold (GitHub's Python template, research repositories),
# and the edge cases of the words and the least length.
LINES = [
    "__pycache__/", "*.py[cod]", "*$py.class", "*.so", ".Python", "build/", "develop-eggs/", "dist/",
    "*.egg-info/", ".installed.cfg", "*.egg", "MANIFEST", "*.manifest", "*.spec", "pip-log.txt",
    ".tox/", ".coverage", ".coverage.*", ".cache", "nosetests.xml", "coverage.xml", "*.cover",
    ".hypothesis/", ".pytest_cache/", "*.mo", "*.pot", "*.log", "local_settings.py", "db.sqlite3",
    "instance/", ".webassets-cache", ".scrapy", "docs/_build/", "target/", ".ipynb_checkpoints",
    "profile_default/", "ipython_config.py", ".env", ".venv", "env/", "venv/", "ENV/",
    "/site", ".mypy_cache/", ".dmypy.json", "wandb/", "runs/", "*.pt", "*.pth", "checkpoints/",
    "data/*/", "data/**/", "implementations/*/data", "dcgan/*.png", "cpp/dcgan/build", "*~",
    "# a comment", "#train.py", "!keep.py", "!/src/keep*.py", "/out", "**/tmp/", "docs/*.py",
    "a?b", "a?/", "x[ab]/", "ab!c", "a b", "a b   ", "  lead", "*", "**", "*/", "**/", "/", "!*/",
    "a/**/b", "a/**", "**/x.py", "x/", "train*.py", "*.py", "model.pt", "model.py", "   ", "\t",
]  # fmt: skip
PATHS = [
    "train.py", "model.py", "model.pt", "x.pyc", "x.py", "a.pyi", "keep.py", "src/keep_me.py",
    "data", "data/x", "data/x/y.py", "data/deep/er/train.py", "docs/a.py", "docs/sub/a.py",
    "out", "out/t.py", "src/out/t.py", "tmp", "tmp/t.py", "src/tmp/t.py", "implementations/aae/aae.py",
    "implementations/aae/data", "dcgan/main.py", "dcgan/x.png", "cpp/dcgan/build", "a/b", "a/x/b",
    "axb", "axb/c.py", "ab!c", "a b", "x~", "site", "src/site", "__pycache__", "pkg/__pycache__",
    "wandb", "a/b/c/d.py", "lead", "  lead", "x", "x/y.py", "env", "venv", "ENV",
]  # fmt: skip


def _pathspec(lines: list[str]):  # type: ignore[no-untyped-def]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (pathspec's regular expressions warn of nested sets)
        return pathspec.GitIgnoreSpec.from_lines(lines)


def _same_verdicts(lines: list[str], paths: list[str]) -> int:
    eager, lazy = _pathspec(lines), _LazySpec.of(lines)
    assert lazy is not None, lines
    asked = 0
    for path in paths:
        for relative in (path, path + "/"):  # a file, and a folder
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                assert _verdict(lazy, relative) == _verdict(eager, relative), (lines, relative)
            asked += 1
    return asked


@pytest.mark.parametrize("line", LINES)
def test_each_line_gives_pathspecs_verdict(line: str) -> None:
    assert _same_verdicts([line], PATHS) == 2 * len(PATHS)


def test_a_whole_file_gives_pathspecs_verdicts() -> None:
    """The last matching line decides, negations included, with lines compiled on the way."""
    assert _same_verdicts(LINES, PATHS) == 2 * len(PATHS)
    assert _same_verdicts(["*", "!*/", "!*.py", "*.log"], PATHS + ["x.log", "a/x.log"])
    assert _same_verdicts(["*.py", "!keep*.py", "keep_c.py"], PATHS + ["keep_c.py", "keep_a.py"])


def test_random_lines_give_pathspecs_verdicts() -> None:
    """Lines and paths put together at random from pieces of glob syntax (seeded): every
    verdict the lazy reading gives is pathspec's."""
    rng = random.Random(65)
    pieces = ["a", "b", "ab", "data", ".py", ".", "/", "/", "*", "**", "?", "!", "[ab]", "]", "#", " ", "~", "-", "x_y", "\u3000"]
    names = ["a", "b", "ab", "data", "x.py", "a.pyc", "~", "ba", "a b", "!a", "#a", "x_y", "a]", "abab", "d-a", "aa.py", "b~"]
    asked = files = 0
    for _ in range(400):
        lines = ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 6))) for _ in range(rng.randint(1, 4))]
        if _LazySpec.of(lines) is None:
            continue  # (read whole, by pathspec: below)
        paths = ["/".join(rng.choice(names) for _ in range(rng.randint(1, 4))) for _ in range(10)]
        asked += _same_verdicts(lines, paths)
        files += 1
    assert files > 300 and asked > 6000


@pytest.mark.parametrize("line", ["a\\", "\\#x", "trailing\\ ", "!", " ! ", "[a-z]*", "*.py[!c]", "x[", "[]a]", "a[^b]"])
def test_lines_pathspec_may_refuse_send_the_whole_file_to_it(line: str) -> None:
    """A backslash, a lone `!` or a `[` that is not a plain class: the file is compiled whole,
    at once (as pathspec may refuse such a line, or fail to compile it, for the whole file)."""
    assert _LazySpec.of(["*.log", line]) is None


def test_a_line_is_compiled_only_for_a_path_it_may_match() -> None:
    spec = _LazySpec.of(["data/*/", "*.py[cod]", "*~"])
    assert spec is not None
    compiled = lambda: [entry[3] is not None for entry in spec.entries]  # noqa: E731
    # the folder `data/` itself is shorter than any match of `data/*/`; `x.py` has no
    # character after `.py`; no path says `~`
    for relative in ("data/", "x.py", "src/", "src/train.py"):
        assert _verdict(spec, relative) is None
    assert compiled() == [False, False, False]
    assert _verdict(spec, "data/raw/") is True
    assert compiled() == [True, False, False]
    assert _verdict(spec, "x.pyc") is True and _verdict(spec, "notes~") is True
    assert compiled() == [True, True, True]


def _imports_pathspec(tmp_path: Path, ignore: bytes) -> bool:
    (tmp_path / ".git").mkdir()
    (tmp_path / ".gitignore").write_bytes(ignore)
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "train.py").write_bytes(b"x = 1\n")
    code = "import sys; from gradfix.files import discover; print([f.path for f in discover(['.'])], 'pathspec' in sys.modules)"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, check=True, text=True).stdout
    assert out.startswith("['src/train.py']"), out
    return out.split()[-1] == "True"


def test_a_walk_no_line_may_match_never_imports_pathspec(tmp_path: Path) -> None:
    assert not _imports_pathspec(tmp_path, b"__pycache__/\n*.py[cod]\n   \nbuild/\n# notes\n*.log\n")


def test_a_walk_a_line_may_match_imports_it(tmp_path: Path) -> None:
    """`src/train.py` holds the text of `/train.py`, which is compiled (and matches only at the top)."""
    assert _imports_pathspec(tmp_path, b"__pycache__/\n/train.py\n")
