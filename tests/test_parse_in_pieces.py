"""`parse_in_pieces`: a big text parsed piece by piece gives exactly `ast.parse`'s tree (every
node, every position) or its error. The pieces are made small here so that many cuts fall
on every kind of line: inside strings and brackets, after decorators and comments, before
`else:` and `except:`, after a backslash."""

from __future__ import annotations

import ast
import random

import pytest

import gradfix.source as source_module
from gradfix.source import SourceError, parse, parse_in_pieces

# top-level statements, each followed by a line at column 0 that starts with a name somewhere
# it cannot be cut: in a string, in brackets, after a backslash, a decorator or a comment
SNIPPETS = [
    "def plain_{i}(a):\n    return a + {i}\n",
    'text_{i} = """\nname_{i} = 1\ndef inside_string_{i}():\n"""\n',
    "call_{i} = dict(\nkey_{i}=1,\nother=2,\n)\n",
    "total_{i} = 1 + \\\nvalue_{i}\n",
    "@decorator_{i}\n# a comment between\n\ndef decorated_{i}():\n    pass\n",
    "if flag_{i}:\n    x = 1\nelif other_{i}:\n    x = 2\nelse:\n    x = 3\n",
    "try:\n    risky_{i}()\nexcept ValueError:\n    pass\nfinally:\n    done_{i} = True\n",
    "for item_{i} in range(3):\n    pass\nelse:\n    after_{i} = 1\n",
    "class Table_{i}:\n    '''doc\nrow_{i} = 2\n'''\n    rows = [{i}]\n",
    "# a comment line {i}\n\n",
    "s_{i} = 'a \\\nb_{i}'\n",
    "café_{i} = 'non-ascii name'\n_under_{i} = f'{{1 + 2}}'\n",
    "async def stream_{i}():\n    async for x in y:\n        yield x\n",
    "match command_{i}:\n    case [x, y]:\n        pass\n    case _:\n        pass\n",
    "x_{i}: int = 3; y_{i} = x_{i} * 2\n",
    "lambda_{i} = (lambda a: a)\n",
]


def _text(count: int, seed: int) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(SNIPPETS).format(i=i) for i in range(count))


def _dump(tree: ast.AST) -> str:
    return ast.dump(tree, include_attributes=True)


@pytest.mark.parametrize("piece", [40, 97, 500, 4096])
@pytest.mark.parametrize("seed", range(4))
def test_the_tree_is_the_whole_texts_parse(monkeypatch: pytest.MonkeyPatch, piece: int, seed: int) -> None:
    monkeypatch.setattr(source_module, "PIECE", piece)
    text = _text(600, seed)
    assert _dump(parse_in_pieces(text)) == _dump(ast.parse(text))
    # and without a final newline
    assert _dump(parse_in_pieces(text.rstrip("\n"))) == _dump(ast.parse(text.rstrip("\n")))


def test_pieces_are_parsed_on_their_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """The point: many parses of small texts, not one of the whole (nor a fallback to it)."""
    monkeypatch.setattr(source_module, "PIECE", 2000)
    text = "".join(f"def f_{i}(a):\n    return a + {i}\n\n" for i in range(3000))
    sizes: list[int] = []
    real = ast.parse

    def counting(source: str, *args: object, **kwargs: object) -> ast.AST:
        sizes.append(len(source))
        return real(source, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(source_module.ast, "parse", counting)
    tree = parse_in_pieces(text)
    monkeypatch.setattr(source_module.ast, "parse", real)
    assert _dump(tree) == _dump(ast.parse(text))
    assert len(sizes) > 30 and max(sizes) < len(text) / 5  # (each with its padding)
    # the padding puts each piece on its lines: the last function is where the text has it
    assert tree.body[-1].lineno == 3 * 3000 - 2  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "broken",
    [
        "def f(:\n    pass\n",
        "x = (1,\n",
        "name = 1\n\x00\n",
        "def f():\n  x = 1\n    y = 2\n",
        "else:\n    pass\n",
        "value = '''never closed\n",
    ],
)
@pytest.mark.parametrize("where", [0.0, 0.5, 1.0])
def test_errors_are_the_whole_texts(monkeypatch: pytest.MonkeyPatch, broken: str, where: float) -> None:
    monkeypatch.setattr(source_module, "PIECE", 300)
    good = _text(200, 7)
    cut = good.index("\ndef ", int(len(good) * where) - 1 if where else 0) + 1 if where < 1 else len(good)
    text = good[:cut] + broken + good[cut:]
    with pytest.raises(SourceError) as whole:
        parse(text)
    with pytest.raises(SourceError) as pieces:
        parse_in_pieces(text)
    assert (str(pieces.value), pieces.value.line, pieces.value.column) == (str(whole.value), whole.value.line, whole.value.column)


def test_texts_it_leaves_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """Carriage returns (lines as Python counts them) and the future import that changes the
    grammar: parsed at once."""
    monkeypatch.setattr(source_module, "PIECE", 100)
    calls: list[str] = []
    real = source_module.parse
    monkeypatch.setattr(source_module, "parse", lambda text: calls.append(text) or real(text))
    for text in (_text(100, 1).replace("\n", "\r\n"), "from __future__ import barry_as_FLUFL\n" + _text(100, 2), "x = 1\n"):
        assert _dump(parse_in_pieces(text)) == _dump(ast.parse(text))
    assert len(calls) == 3
