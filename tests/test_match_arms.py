"""`gradfix.match_arms`: a `match` of int-literal arms (and a last `case _:`) is read as the
`if`/`elif`/`else` chain it runs as; anything else is left as written."""

from __future__ import annotations

import sys

import pytest

from gradfix import syntax as ast
from gradfix.source import Source

pytestmark = pytest.mark.skipif(sys.version_info < (3, 10), reason="`match` needs Python 3.10")

WINDOW = """\
out = []
for i in range(10):
    match (i + 1) % 4:
        case 0:
            out.append(("step", i))
        case -1:
            out.append(("never", i))
        case 2:
            out.append(("half", i))
        case _:
            out.append(("wait", i))
"""


def _chains(text: str) -> list[ast.If]:
    return [node for node in ast.walk(Source.from_text(text).tree) if isinstance(node, ast.If) and getattr(node, "synthetic", False)]


def _run(tree: ast.Module) -> list:  # type: ignore[type-arg]
    scope: dict = {}  # type: ignore[type-arg]
    exec(compile(tree, "<test>", "exec"), scope)
    return scope["out"]  # type: ignore[no-any-return]


def test_the_chain_runs_as_the_match() -> None:
    source = Source.from_text(WINDOW)
    chains = [n for n in ast.walk(source.tree) if isinstance(n, ast.If) and getattr(n, "synthetic", False)]
    assert len(chains) == 3  # one `if` per literal arm, the wildcard its last `else`
    assert not any(isinstance(n, getattr(ast, "Match")) for n in ast.walk(source.tree))
    assert _run(source.tree) == _run(ast.parse(WINDOW))
    top = source.tree.match_arms[0][0]  # type: ignore[attr-defined]
    assert isinstance(top.test, ast.Compare) and isinstance(top.test.ops[0], ast.Eq)
    assert source.segment(top.test.left) == "(i + 1) % 4"


@pytest.mark.parametrize(
    "arms",
    [
        "case 0 if i > 2:\n        pass",  # a guard
        "case n:\n        pass",  # a capture
        "case 0 | 1:\n        pass",  # an or-pattern
        "case 'a':\n        pass",  # a string
        "case Mode.TRAIN:\n        pass",  # a dotted constant
        "case 0:\n        pass\n    case k:\n        pass",  # a capture last
        "case _:\n        pass",  # the wildcard alone
    ],
)
def test_other_patterns_are_left_as_written(arms: str) -> None:
    text = f"i = 1\nmatch i % 4:\n    {arms}\n"
    assert _chains(text) == []


def test_a_subject_that_calls_is_read_once_or_not_at_all() -> None:
    one = "import random\nmatch random.randint(0, 3):\n    case 0:\n        pass\n    case _:\n        pass\n"
    two = "import random\nmatch random.randint(0, 3):\n    case 0:\n        pass\n    case 1:\n        pass\n"
    assert len(_chains(one)) == 1  # read once either way
    assert _chains(two) == []  # the chain would call it twice


def test_nested_matches_are_read() -> None:
    text = "for i in range(8):\n    match i % 2:\n        case 0:\n            match i % 4:\n                case 0:\n                    pass\n"
    assert len(_chains(text)) == 2


def test_a_fix_rewriting_the_header_is_refused() -> None:
    from gradfix.match_arms import refused_by_match_arms
    from gradfix.transforms.base import Fix, InsertStatements, ReplaceNode, code_lines

    source = Source.from_text(WINDOW)
    top = source.tree.match_arms[0][0]  # type: ignore[attr-defined]
    first = top.body[0]
    assert refused_by_match_arms(source, Fix([ReplaceNode(top.test, "i % 4 == 0", top)]))
    assert refused_by_match_arms(source, Fix([ReplaceNode(top.test.comparators[0], "3", top)]))  # the `case 0` pattern
    assert refused_by_match_arms(source, Fix([InsertStatements(top.orelse[0], "before", code_lines("pass"))]))  # a `case` line
    assert refused_by_match_arms(source, Fix([InsertStatements(top.body, "end", code_lines("check((i + 1) % 4)"))]))
    # the subject's own nodes and the arms' statements are the file's: such fixes are the `if`'s
    assert not refused_by_match_arms(source, Fix([ReplaceNode(top.test.left.left, "(i + 2)", top)]))
    assert not refused_by_match_arms(source, Fix([InsertStatements(first, "after", code_lines("done = True"))]))
    assert not refused_by_match_arms(source, Fix([InsertStatements(top, "after", code_lines("print(out)"))]))
