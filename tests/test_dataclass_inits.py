"""`add_dataclass_inits`: a top-level `@dataclass` without an `__init__` gets the one
`dataclasses` generates (`self.<field> = <field>` per field), and nothing else does."""

from __future__ import annotations

import textwrap

from gradfix import syntax as ast
from gradfix.source import Source


def _init(text: str) -> ast.FunctionDef | None:
    source = Source.from_text(textwrap.dedent(text))
    cls = next(s for s in source.tree.body if isinstance(s, ast.ClassDef))
    return next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)


def test_fields_become_parameters_bound_to_self() -> None:
    init = _init("""
        import dataclasses

        @dataclasses.dataclass(frozen=False)
        class Trainer:
            model: object
            optimizer: object
            accum: int = 4
            rows: list = dataclasses.field(default_factory=list)

            def fit(self):
                pass
        """)
    assert init is not None
    assert [a.arg for a in init.args.args] == ["self", "model", "optimizer", "accum", "rows"]
    assert [d.value for d in init.args.defaults] == [4, None]  # a literal kept, a call unknown
    assert [(s.targets[0].attr, s.value.id) for s in init.body] == [
        ("model", "model"), ("optimizer", "optimizer"), ("accum", "accum"), ("rows", "rows")]
    # placed where the class ends (line 12, after `pass`), where no real statement starts
    assert {(n.lineno, n.col_offset, n.end_lineno, n.end_col_offset) for s in init.body for n in ast.walk(s) if hasattr(n, "lineno")} == {(12, 12, 12, 12)}
    assert all(getattr(s.targets[0], "synthetic", False) for s in init.body)  # no rewrite of the attribute


def test_classes_whose_init_is_not_the_generated_one_are_left_alone() -> None:
    for text in (
        "from dataclasses import dataclass\n@dataclass(init=False)\nclass T:\n    model: object\n",
        "from dataclasses import dataclass\n@dataclass\nclass T:\n    model: object\n    def __post_init__(self):\n        self.model = None\n",
        "from dataclasses import dataclass\n@dataclass\nclass T:\n    model: object\n    def __init__(self):\n        self.model = 1\n",
        "from dataclasses import dataclass\n@dataclass\nclass T(Base):\n    model: object\n",
        "from dataclasses import dataclass, field\n@dataclass\nclass T:\n    model: object\n    n: int = field(init=False)\n",
        "from dataclasses import dataclass\nfrom typing import ClassVar\n@dataclass\nclass T:\n    model: object\n    n: ClassVar[int] = 1\n",
        "class T:\n    model: object\n",
    ):
        init = _init(text)
        assert init is None or [a.arg for a in init.args.args] == ["self"], text


def test_the_generated_statements_are_placed_by_position() -> None:
    from gradfix.source import _placed

    text = "from dataclasses import dataclass\n@dataclass\nclass T:\n    model: object\n    opt: object\n\n    def fit(self):\n        pass\n"
    source = Source.from_text(text)
    table = source._index()
    for key, (owner, block) in table.items():
        stmt = next(s for s in block if id(s) == key)
        assert _placed(source.tree, stmt) == (owner, block)


def test_a_tree_read_twice_gets_one_init() -> None:
    text = "from dataclasses import dataclass\n@dataclass\nclass T:\n    model: object\n"
    source = Source.from_text(text)
    Source(text, source.tree)
    cls = source.tree.body[1]
    assert sum(isinstance(s, ast.FunctionDef) for s in cls.body) == 1
