"""Big files (above `source.BIG_FILE` characters) are analysed as a reduced program: the
top-level statements that cannot matter are left out of the tree. The tree is the whole file's
parse with those statements dropped; it must be exactly what parsing the file with their lines
blanked gives (same nodes, same positions), and a fix must come out as on a small file."""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

from gradfix.source import BIG_FILE, Source, parse

LOOP = """
def train(model, optimizer, loader):
    for x, y in loader:
        loss = model(x).sum()
        loss.backward()
        optimizer.step()
"""

PIECES = [
    "def plain_{i}(a, b):\n    return a * {i} + b\n",
    "@staticmethod\n@other.decorator({i})\ndef decorated_{i}(x):\n    return [x] * {i}\n",
    "class Table{i}:\n    rows = [{i}, {i}, {i}]\n\n    def size(self):\n        return len(self.rows)\n",
    "first_{i} = {i}; second_{i} = first_{i} + 1\n",
    "if COND_{i}:\n    value_{i} = 1\nelse:\n    value_{i} = 2\n",
    "# a comment about nothing {i}\n\n",
    "helper_lr_{i} = 0.1  # a training word: kept\n",
    "uses_{i} = plain_{i}(1, 2); loss_{i} = uses_{i}  # shares its line with a kept statement\n",
    'text_{i} = """\nmulti-line string {i}\n"""\n',
]


def _big_text(loops: int = 1) -> str:
    parts = ["import torch\n", LOOP]
    i = 0
    while sum(map(len, parts)) < BIG_FILE * 2:
        parts.append(PIECES[i % len(PIECES)].format(i=i))
        i += 1
        if loops > 1 and i == 2000:
            parts.append(LOOP.replace("def train(", "def train_again("))
    return "".join(parts)


def _dump(tree: ast.AST) -> str:
    return ast.dump(tree, include_attributes=True)


def test_the_reduced_tree_is_the_parse_of_the_blanked_text():
    text = _big_text()
    source = Source.from_bytes(text.encode(), "big.py")
    assert source.left_out, "nothing was left out: the test would prove nothing"
    lines = text.splitlines(keepends=True)
    for first, last in source.left_out:
        for number in range(first, last + 1):
            lines[number - 1] = lines[number - 1][len(lines[number - 1].rstrip("\r\n")) :]
    blanked = parse("".join(lines))
    assert _dump(source.tree) == _dump(blanked)
    kept = {type(s).__name__ for s in source.tree.body}
    assert "Import" in kept and "FunctionDef" in kept
    # statements sharing a line with a kept one stay, whole line
    assert any(isinstance(s, ast.Assign) and s.targets[0].id == "uses_7" for s in source.tree.body)  # type: ignore[attr-defined]


def test_a_multi_megabyte_file_is_fixed_like_the_small_file(tmp_path):
    filler = "".join(PIECES[i % len(PIECES)].format(i=i) for i in range(40_000))
    big = tmp_path / "big.py"
    big.write_text("import torch\n" + LOOP + filler)
    assert big.stat().st_size > 2_000_000
    small = tmp_path / "small.py"
    small.write_text("import torch\n" + LOOP)
    done = subprocess.run(
        [sys.executable, "-m", "gradfix", "--no-cache", "--write", "--jobs", "1", "big.py", "small.py"],
        cwd=tmp_path,
        capture_output=True,
    )
    assert done.returncode == 0, done.stderr.decode()
    fixed_small = small.read_text()
    assert "optimizer.zero_grad(" in fixed_small
    assert big.read_text() == fixed_small + filler


@pytest.mark.parametrize(
    "text",
    ["def f(:\n    pass\n", "x = (1,\n", "def f():\n    nonlocal y\n", "x = 1\n\x00\n", "def f():\n  x = 1\n    y = 2\n"],
)
def test_a_fixed_big_file_that_would_not_parse_is_an_error(text: str) -> None:
    """The last check of a fixed big file (the whole text, not only the part analysed again)
    refuses text Python would not accept."""
    from gradfix.pipeline import _compiles
    from gradfix.source import SourceError

    with pytest.raises(SourceError, match="would not compile"):
        _compiles(text)
    _compiles("def f():\n    return 1\n")  # and accepts what it would


def _left_out_of(text: str) -> list[tuple[int, int]]:
    from gradfix.source import _left_out

    source = Source.from_text(text)
    return _left_out(source, source.tree)


def test_what_a_big_file_leaves_out_follows_the_names_kept_statements_use() -> None:
    text = (
        "import torch\n"  # 1: imports stay
        "def helper(a):\n"  # 2-3: no training word, but `train` calls it
        "    return a * 2\n"
        "def unused(a):\n"  # 4-5: left out
        "    return a\n"
        "base = 3\n"  # 6: used by line 13, which `train` uses: kept in the second round
        "print(base)\n"  # 7: binds nothing, no training word
        "def train(model, optimizer, loader):\n"  # 8-12: kept for its words
        "    for x in loader:\n"
        "        helper(x).backward()\n"
        "        optimizer.step()\n"
        "        table()\n"
        "table = make_table(base)\n"  # 13: bound and used by `train`, so kept; then `base` too
    )
    assert _left_out_of(text) == [(4, 5), (7, 7)]


def test_with_every_statement_kept_the_names_are_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    import gradfix.source as source_module

    class Unread:
        def findall(self, *args: object) -> list[str]:
            raise AssertionError("the names of kept statements were read")

    text = "import torch\noptimizer = make()\n\ndef train(loader):\n    for x in loader:\n        optimizer.step()\n"
    monkeypatch.setattr(source_module, "_IDENTIFIER", Unread())
    assert _left_out_of(text) == []
    with pytest.raises(AssertionError, match="were read"):
        _left_out_of(text + "unrelated = 1\n")  # a statement left out that binds a name: read them


def test_a_statement_is_placed_by_position_as_the_table_places_it() -> None:
    """A big file's `owner_of` and `block_of` descend from the module by position instead of
    building the table of every statement's owner: the same owner and block for every
    statement of the examples, the fixtures and a big generated file."""
    from pathlib import Path

    from gradfix.source import COMPOUND, _placed

    root = Path(__file__).parent.parent
    texts = [p.read_text(encoding="utf-8") for p in sorted((root / "examples").rglob("*.py"))]
    texts += [p.read_text(encoding="utf-8") for p in sorted((root / "tests" / "before_after").rglob("*.before.py"))]
    texts.append(_big_text(loops=2))
    texts.append("if a:\n    x = 1; y = 2\nelif b:\n    try:\n        pass\n    except E:\n        z = 3\n    finally:\n        w = 4\nelse:\n    @dec\n    def f():\n        return 1\n")
    compared = nested = 0
    for text in texts:
        source = Source.from_text(text)
        table = source._index()
        for key, (owner, block) in table.items():
            stmt = next(s for s in block if id(s) == key)
            placed = _placed(source.tree, stmt)
            assert placed is not None and placed[0] is owner and placed[1] is block
            compared += 1
            nested += isinstance(owner, COMPOUND)
    assert compared > 5000 and nested > 1000
    outsider = ast.parse("x = 1\n").body[0]
    assert _placed(Source.from_text("x = 1\n").tree, outsider) is None  # not in that tree


def test_a_big_source_answers_owner_and_block_without_the_table() -> None:
    source = Source.from_bytes(_big_text().encode(), "big.py")
    assert source.left_out is not None
    loop = next(s for s in ast.walk(source.tree) if isinstance(s, ast.For))
    step = loop.body[-1]
    assert source.owner_of(step) is loop and source.block_of(step) is loop.body
    assert source._parents is None  # the table was never built
