"""GF021 through another method of the class (`self.opt` built in `__init__`, a method that
steps nothing replaces the head, called on an instance before a method that steps): the gate
that the optimizer's attribute is bound once and no parameter group is written is read per
class. Two trainer classes in one file, one of which rebuilds (or adds a group) after its own
head changes, no longer hide the other's stale optimizer. A class related by inheritance, code
outside the classes, or another class binding the attribute on some other object still count."""

from __future__ import annotations

from pathlib import Path

from gradfix.analysis.loops import build_model
from gradfix.analysis.staleness import stale_optimizers
from gradfix.source import Source

FIXTURES = Path(__file__).parent / "before_after"
CASE = FIXTURES / "GF021_optimizer_over_stale_parameters/head_swapped_by_a_method_beside_another_trainer_class_that_rebuilds.before.py"
CLEAN = FIXTURES / "clean/gf021_two_trainer_classes_each_rebuild_after_a_new_head.py"

STALE = (
    "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n\n"
    "class Stale:\n"
    "    def __init__(self):\n"
    "        self.model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))\n"
    "        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.05)\n\n"
    "    def new_head(self, n):\n"
    "        self.model[2] = nn.Linear(16, n)\n\n"
    "    def fit(self, data):\n"
    "        for x, y in data:\n"
    "            self.opt.zero_grad(set_to_none=True)\n"
    "            F.cross_entropy(self.model(x), y).backward()\n"
    "            self.opt.step()\n\n\n"
)
OTHER = (
    "class {name}:\n"
    "    def __init__(self):\n"
    "        self.model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))\n"
    "        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.05)\n\n"
    "    def new_head(self, n):\n"
    "        self.model[2] = nn.Linear(16, n)\n"
    "        {repair}\n\n"
    "    def fit(self, data):\n"
    "        for x, y in data:\n"
    "            self.opt.zero_grad(set_to_none=True)\n"
    "            F.cross_entropy(self.model(x), y).backward()\n"
    "            self.opt.step()\n\n\n"
)
MAIN = "def main(data):\n    a = Stale()\n    a.new_head(5)\n    a.fit(data)\n"
REBUILD = "self.opt = torch.optim.SGD(self.model.parameters(), lr=0.05)"


def _changes(text: str) -> list[tuple[str, int, str]]:
    model = build_model(Source.from_bytes(text.encode(), "case.py"), None)
    return [(found.optimizer, found.node.lineno, found.module) for found in stale_optimizers(model)]  # type: ignore[attr-defined]


def test_the_fixtures_stale_class_is_read_and_its_rebuilding_twin_is_not() -> None:
    assert _changes(CASE.read_text()) == [("self.optim", 24, "self.network.head")]
    assert _changes(CLEAN.read_text()) == []


def test_a_second_class_that_rebuilds_or_adds_a_group_no_longer_hides_the_first() -> None:
    assert _changes(STALE + OTHER.format(name="Rebuilds", repair=REBUILD) + MAIN) == [("self.opt", 12, "self.model[2]")]
    group = 'self.opt.add_param_group({"params": self.model[2].parameters()})'
    assert _changes(STALE + OTHER.format(name="Grows", repair=group) + MAIN) == [("self.opt", 12, "self.model[2]")]
    assert _changes(STALE + MAIN) == [("self.opt", 12, "self.model[2]")]  # (alone, as before)


def test_the_stale_class_is_silent_once_repaired_beside_the_other() -> None:
    repaired = STALE.replace("nn.Linear(16, n)\n", "nn.Linear(16, n)\n        " + REBUILD + "\n", 1)
    assert _changes(repaired + OTHER.format(name="Rebuilds", repair=REBUILD) + MAIN) == []


def test_a_subclass_that_rebinds_the_attribute_still_counts() -> None:
    sub = (
        "class Child(Stale):\n"
        "    def new_head(self, n):\n"
        "        self.model[2] = nn.Linear(16, n)\n"
        "        " + REBUILD + "\n\n\n"
    )
    assert _changes(STALE + sub + OTHER.format(name="Rebuilds", repair=REBUILD) + MAIN) == []


def test_another_object_rebinding_the_attribute_still_counts() -> None:
    # a class that sets the optimizer on an instance it is handed, or code at module level
    holder = "class Swapper:\n    def swap(self, trainer):\n        trainer.opt = torch.optim.SGD(trainer.model.parameters(), lr=0.1)\n\n\n"
    assert _changes(STALE + holder + OTHER.format(name="Rebuilds", repair=REBUILD) + MAIN) == []
    outside = MAIN.replace("    a.fit(data)\n", "    a.opt = torch.optim.SGD(a.model.parameters())\n    a.fit(data)\n")
    assert _changes(STALE + OTHER.format(name="Rebuilds", repair=REBUILD) + outside) == []
    groups = "class Tuner:\n    def lower(self, trainer):\n        for g in trainer.opt.param_groups:\n            g['lr'] = 0.01\n\n\n"
    assert _changes(STALE + groups + OTHER.format(name="Rebuilds", repair=REBUILD) + MAIN) == []


def _indented(text: str) -> str:
    return "".join("    " + line if line.strip() else line for line in text.splitlines(keepends=True))


def test_classes_under_an_if_in_a_function_or_held_by_another_are_read_per_class() -> None:
    # the rebuilding class in a function, or the stale one under an `if`: the stale one reported
    rebuilds = OTHER.format(name="Rebuilds", repair=REBUILD).rstrip("\n") + "\n\n    return Rebuilds\n\n\n"
    in_function = STALE + "def make():\n" + _indented(rebuilds) + MAIN
    assert _changes(in_function) == [("self.opt", 12, "self.model[2]")]
    head, body = STALE.split("class Stale:", 1)
    under_if = head + "if True:\n" + _indented("class Stale:" + body) + OTHER.format(name="Rebuilds", repair=REBUILD) + MAIN
    assert _changes(under_if) == [("self.opt", 13, "self.model[2]")]
    # a rebuilding class held by another (`Outer.Rebuilds`): read as part of `Outer`, its own
    held = "class Outer:\n" + _indented(OTHER.format(name="Rebuilds", repair=REBUILD)) + "\n"
    assert _changes(STALE + held + MAIN) == [("self.opt", 12, "self.model[2]")]
    assert _changes(CASE.with_name(CASE.name.replace("beside_another_trainer_class_that_rebuilds", "of_a_class_under_an_if_beside_a_rebuilding_class_of_a_function")).read_text())
    assert _changes((FIXTURES / "clean/gf021_classes_under_an_if_or_in_a_function_each_rebuild_after_a_new_head.py").read_text()) == []


def test_a_held_subclass_or_two_classes_of_one_name_still_count() -> None:
    # a subclass of `Stale` written in a function that rebinds the attribute, or a second class
    # of the same name: not read per class (silent, as before)
    child = "def make():\n    class Child(Stale):\n        def new_head(self, n):\n            " + REBUILD + "\n\n    return Child\n\n\n"
    assert _changes(STALE + child + OTHER.format(name="Rebuilds", repair=REBUILD) + MAIN) == []
    twice = OTHER.format(name="Rebuilds", repair=REBUILD) + "def other():\n" + _indented(OTHER.format(name="Rebuilds", repair=REBUILD))
    assert _changes(STALE + twice + MAIN) == []
