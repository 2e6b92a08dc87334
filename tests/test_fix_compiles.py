"""A fixed file must compile, not only parse: `ast.parse` accepts a `continue` or `break`
outside a loop and a `return` outside a function, which the compiler refuses. The fix passes
count them before and after (`pipeline._misplaced_jumps`) and refuse a fix that adds one."""

from __future__ import annotations

import ast

import pytest

from gradfix.pipeline import _misplaced_jumps

CASES = [
    ("for x in y:\n    if x:\n        continue\n", 0),
    ("while True:\n    break\nelse:\n    pass\n", 0),
    ("def f():\n    for x in y:\n        pass\n    return 1\n", 0),
    ("if y:\n    continue\n", 1),
    ("for x in y:\n    pass\nelse:\n    break\n", 1),
    ("for x in y:\n    def f():\n        continue\n", 1),
    ("for x in y:\n    class C:\n        break\n", 1),
    ("return 1\n", 1),
    ("class C:\n    return 1\n", 1),
    ("for x in y:\n    try:\n        pass\n    except E:\n        continue\n    finally:\n        pass\n", 0),
    ("try:\n    pass\nexcept E:\n    continue\n", 1),
    ("for x in y:\n    with c:\n        if a:\n            break\n", 0),
]


@pytest.mark.parametrize("text,expected", CASES)
def test_misplaced_jumps_are_what_the_compiler_refuses(text: str, expected: int) -> None:
    assert _misplaced_jumps(ast.parse(text)) == expected
    if expected:
        with pytest.raises(SyntaxError):
            compile(text, "<case>", "exec")
    else:
        compile(text, "<case>", "exec")


def test_edits_of_another_file_s_nodes_are_refused() -> None:
    """An edit built from a node of another module (a helper's statement met through the
    project index) carries that file's offsets: `own_edits` refuses it, whatever edit it is,
    and accepts the same edits built from the file's own tree."""
    from gradfix.source import Source
    from gradfix.transforms.apply import own_edits
    from gradfix.transforms.base import Fix, InsertStatements, RemoveStatement, ReplaceNode

    text = "def step(opt, loss):\n    opt.zero_grad()\n    loss.backward()\n    opt.step()\n"
    own, other = Source.from_text(text), Source.from_text(text)

    def edits(source: Source) -> list:  # type: ignore[type-arg]
        body = source.tree.body[0].body  # type: ignore[attr-defined]
        call = body[0].value
        return [
            RemoveStatement(body[0]),
            InsertStatements(body[2], "after", [("opt.zero_grad()", False)]),
            InsertStatements(body, "start", [("pass", False)]),
            ReplaceNode(call, "opt.zero_grad(set_to_none=True)", body[0]),
        ]

    for edit in edits(own):
        assert own_edits(own, Fix([edit]))
    for edit in edits(other):
        assert not own_edits(own, Fix([edit])), edit
    mixed = ReplaceNode(edits(other)[3].node, "x", own.tree.body[0].body[0])  # type: ignore[attr-defined]
    assert not own_edits(own, Fix([mixed]))
