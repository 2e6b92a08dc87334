"""`Assignments.bindings` for `self.x` in a method of a class that binds it nowhere: the
bindings of the one base of the file (at any depth, mixins of the file included) that binds
it; nothing when a base is not of the file, when two classes above bind it, when a class
below rebinds it, or when the class name is defined twice."""

from __future__ import annotations

import ast
import textwrap

from gradfix.analysis.assignments import Assignments
from gradfix.source import Source


def _lines(text: str, method: str, key: str) -> list[int]:
    """The lines of the bindings of `key` seen from the method `Class.method`."""
    source = Source.from_text(textwrap.dedent(text))
    index = Assignments(source)
    owner, name = method.split(".")
    cls = next(n for n in ast.walk(source.tree) if isinstance(n, ast.ClassDef) and n.name == owner)
    scope = next(n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == name)
    return [b.statement.lineno for b in index.bindings(key, scope)]


CHAIN = """
import abc
from torch import nn

class Mixin:
    def log(self, msg):
        self.last = msg

class Base(abc.ABC):
    def __init__(self):
        self.criterion = nn.CrossEntropyLoss()

class Middle(Base):
    pass

class Trainer(Mixin, Middle):
    def step(self):
        return self.criterion
"""


def test_the_binding_of_a_base_two_levels_up_through_a_mixin() -> None:
    assert _lines(CHAIN, "Trainer.step", "self.criterion") == [11]
    assert _lines(CHAIN, "Trainer.step", "self.unbound") == []


def test_the_own_class_binding_comes_first() -> None:
    text = CHAIN.replace("    pass", "    def setup(self):\n        self.criterion = nn.NLLLoss()")
    assert _lines(text, "Middle.setup", "self.criterion") == [15]
    assert _lines(text, "Trainer.step", "self.criterion") == []  # (Base and Middle both bind it)


def test_unknown_when_a_base_is_not_of_the_file() -> None:
    assert _lines(CHAIN.replace("class Mixin:", "class Mixin(Imported):"), "Trainer.step", "self.criterion") == []
    assert _lines(CHAIN.replace("Base(abc.ABC)", "Base(Generic[T])"), "Trainer.step", "self.criterion") == []


def test_unknown_when_a_class_below_rebinds_it() -> None:
    text = CHAIN + "\nclass Leaf(Trainer):\n    def __init__(self):\n        self.criterion = nn.NLLLoss()\n"
    assert _lines(text, "Trainer.step", "self.criterion") == []


def test_unknown_when_a_class_name_is_defined_twice() -> None:
    assert _lines(CHAIN + "\nclass Middle:\n    pass\n", "Trainer.step", "self.criterion") == []


def test_torch_module_bases_bind_training_and_private_names() -> None:
    text = CHAIN.replace("Base(abc.ABC)", "Base(nn.Module)").replace("self.criterion =", "self.training = self._x =")
    assert _lines(CHAIN.replace("Base(abc.ABC)", "Base(nn.Module)"), "Trainer.step", "self.criterion") == [11]
    assert _lines(text, "Trainer.step", "self.training") == []
    assert _lines(text, "Trainer.step", "self._x") == []
