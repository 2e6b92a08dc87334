"""gradfix.syntax: the standard library's tree without `import ast` (see its docstring)."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gradfix import syntax
from gradfix.transforms.gf010_clip_after_step import _infinite

ROOT = Path(__file__).resolve().parent.parent
TEXTS = [
    "x = 1\n",
    "async def f(a, /, b=2, *c, d, **e):\n    async with x as (y, z):\n        await g(*a, **e)\n",
    "from __future__ import annotations\nclass A(B, metaclass=M):\n    x: int = 1\n    def f(self) -> 'A': ...\n",
    "match p:\n    case [1, *rest] if rest:\n        pass\n    case {'k': v, **kw}:\n        pass\n",
    "for i, (a, b) in enumerate(z):\n    loss = f'{a!r:>{b}}' + lambda_(lambda q=1: q)\n    del a[1:2, ::3]\n",
    "try:\n    pass\nexcept* ValueError as e:\n    raise X from e\nfinally:\n    global g\n",
]


def _sources() -> list[str]:
    return TEXTS + [(ROOT / "gradfix" / name).read_text(encoding="utf-8") for name in ("cli.py", "syntax.py", "walk.py")]


def test_parse_gives_the_standard_librarys_tree() -> None:
    for text in _sources():
        if "except*" in text and sys.version_info < (3, 11):
            continue
        mine, theirs = syntax.parse(text), ast.parse(text)
        assert type(mine) is type(theirs) is ast.Module
        assert ast.dump(mine, include_attributes=True) == ast.dump(theirs, include_attributes=True)
    assert ast.dump(syntax.parse("a + b", mode="eval")) == ast.dump(ast.parse("a + b", mode="eval"))
    with pytest.raises(SyntaxError) as raised:
        syntax.parse("def f(:\n", "broken.py")
    assert raised.value.filename == "broken.py"


def test_the_walks_give_the_standard_librarys_nodes_in_its_order() -> None:
    for text in _sources():
        if "except*" in text and sys.version_info < (3, 11):
            continue
        tree = ast.parse(text)
        assert [id(n) for n in syntax.walk(tree)] == [id(n) for n in ast.walk(tree)]
        for node in ast.walk(tree):
            assert [id(n) for n in syntax.iter_child_nodes(node)] == [id(n) for n in ast.iter_child_nodes(node)]
            assert list(syntax.iter_fields(node)) == list(ast.iter_fields(node))


def test_node_classes_are_the_standard_librarys_and_the_rest_comes_from_ast() -> None:
    assert syntax.Call is ast.Call and syntax.AST is ast.AST and syntax.expr is ast.expr
    assert syntax.node_transformer() is ast.NodeTransformer
    tree = ast.parse("x = {'a': (1, 2)}")
    assert syntax.dump(tree, include_attributes=True) == ast.dump(tree, include_attributes=True)
    assert syntax.unparse(tree) == ast.unparse(tree)
    assert syntax.literal_eval(tree.body[0].value) == {"a": (1, 2)}  # type: ignore[attr-defined]
    new = syntax.copy_location(ast.Name(id="y", ctx=ast.Load()), tree.body[0])
    assert (new.lineno, new.col_offset, new.end_lineno, new.end_col_offset) == (1, 0, 1, 17)
    assert not hasattr(syntax, "__getattr__")  # (a module with one is read without the interpreter's fast path)


def test_a_check_of_a_training_file_does_not_import_ast(tmp_path: Path) -> None:
    (tmp_path / "train.py").write_text(
        "import torch\nfor x, y in loader:\n    loss = model(x).sum()\n    loss.backward()\n"
        "    torch.nn.utils.clip_grad_norm_(model.parameters(), float('inf'))\n    optimizer.step()\n"
    )
    probe = (
        "import json, sys\nbefore = set(sys.modules)\nfrom gradfix.cli import main\ntry:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
        "new = set(sys.modules) - before\n"
        "sys.__stderr__.write(json.dumps(sorted(m for m in ('ast', 'contextlib', 'gradfix.analysis.loops') if m in new)))\n"
    )  # (an editable install's finder imports `contextlib` before gradfix runs)
    result = subprocess.run([sys.executable, "-c", probe, "--no-cache", "train.py"], cwd=tmp_path, capture_output=True, timeout=120)
    assert json.loads(result.stderr.decode().splitlines()[-1]) == ["gradfix.analysis.loops"]
    assert b"GF001" in result.stdout  # analysed, and the clip read (no GF010: it only measures)


# what GF010 read as an infinite threshold before `_infinite` (the text `ast.unparse` gives)
_INFINITY = re.compile(r"""^(math\.|torch\.|np\.|numpy\.)?inf$|^float\((['"])[+]?inf(inity)?\2\)$""", re.I)


@pytest.mark.parametrize(
    "expression",
    [
        "inf", "INF", "math.inf", "torch.inf", "np.Inf", "numpy.inf", "Math.INF", "float('inf')", 'float("inf")',
        "float('+inf')", "float('Infinity')", "float(' inf ')", "FLOAT('inf')", "(math.inf)", "float(('inf'))",
        "-math.inf", "float('-inf')", "float('nan')", "1e999", "x.math.inf", "math.infinity", "float('inf', )",
        "float(x='inf')", "float('inf', 1)", "builtins.float('inf')", "float(b'inf')", "max_norm", "1.0", "float(inf)",
        "math.inf + 1", "torch.tensor(math.inf)", "float('infinit')", "float('++inf')",
    ],
)
def test_gf010_reads_an_infinite_threshold_as_the_unparsed_text_did(expression: str) -> None:
    node = ast.parse(expression, mode="eval").body
    assert _infinite(node) == bool(_INFINITY.match(ast.unparse(node).replace(" ", ""))), expression
