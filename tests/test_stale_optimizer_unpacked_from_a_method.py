"""GF021 through a method that returns the model and its optimizer together (`self.model,
self.opt = self.build()`, `adam, seq = self.stack(32)` of a static method, `cls.pretrained()`
of a class method, `Transfer.pretrained()` at module level): a later change of the model leaves
the optimizer over stale parameters, as when the optimizer is built inline. The fixtures'
cases are checked line by line here; the builder overridden by a subclass (which one runs is
not known) and a builder of a base class are left alone."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import torch

from gradfix.analysis.loops import build_model
from gradfix.analysis.staleness import stale_optimizers
from gradfix.source import Source

FIXTURES = Path(__file__).parent / "before_after"
CASE = FIXTURES / "GF021_optimizer_over_stale_parameters/head_replaced_after_a_method_returned_the_model_and_its_optimizer.before.py"
CLEAN = FIXTURES / "clean/gf021_model_and_optimizer_returned_together_by_a_method_with_no_stale_change.py"


def _changes(text: str) -> list[tuple[int, str, str]]:
    model = build_model(Source.from_bytes(text.encode(), "case.py"), None)
    return [(found.optimizer, found.node.lineno, found.module) for found in stale_optimizers(model)]  # type: ignore[attr-defined]


def test_each_unpacking_of_a_method_builder_is_read() -> None:
    assert sorted(_changes(CASE.read_text()), key=lambda c: c[1]) == [
        ("self.optimizer", 40, "self.model.head"),
        ("adam", 51, "seq[2]"),
        ("opt", 67, "clf.head"),
        ("sgd", 75, "network.head"),
    ]


def test_correct_uses_of_a_method_builder_are_silent() -> None:
    assert _changes(CLEAN.read_text()) == []


def test_other_names_and_a_helper_method_are_read_alike() -> None:
    text = (
        "import torch\nfrom torch import nn, optim\n\n\n"
        "class Loop:\n"
        "    def _setup(self, width):\n"
        "        body = nn.Sequential(nn.Linear(4, width), nn.Tanh(), nn.Linear(width, 2))\n"
        "        rms = optim.RMSprop(body.parameters(), lr=0.01)\n"
        "        return width, body, rms\n\n"
        "    def go(self, xs, ys):\n"
        "        _, self.body, self.rms = self._setup(8)\n"
        "        self.body[0] = nn.Linear(4, 8)\n"
        "        k = 0\n"
        "        while k < 3:\n"
        "            self.rms.zero_grad(set_to_none=True)\n"
        "            nn.functional.mse_loss(self.body(xs), ys).backward()\n"
        "            self.rms.step()\n"
        "            k += 1\n"
    )
    assert _changes(text) == [("self.rms", 13, "self.body[0]")]


def test_a_builder_a_subclass_overrides_is_not_read_and_one_a_base_defines_is() -> None:
    overridden = CASE.read_text() + (
        "\n\nclass Frozen(Trainer):\n"
        "    def build(self):\n"
        "        return Classifier(), None\n"
    )
    assert [c for c in _changes(overridden) if c[0] == "self.optimizer"] == []
    # `Child.fit` runs `Trainer.build` (its base of the file): read as its own would be
    inherited = CASE.read_text().replace("    def fit(self, batches):", "\nclass Child(Trainer):\n    def fit(self, batches):")
    assert [c for c in _changes(inherited) if c[0] == "self.optimizer"] == [("self.optimizer", 42, "self.model.head")]
    # ... unless a class built on `Child` overrides it, or a base gradfix cannot read comes first
    regrown = inherited + "\n\nclass Grandchild(Child):\n    def build(self):\n        return Classifier(), None\n"
    assert [c for c in _changes(regrown) if c[0] == "self.optimizer"] == []
    unread = inherited.replace("class Child(Trainer):", "class Child(Hooks, Trainer):")
    assert [c for c in _changes(unread) if c[0] == "self.optimizer"] == []


def test_a_builder_keeping_the_model_on_self_is_read() -> None:
    text = (
        "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n\n"
        "class Base(nn.Module):\n"
        "    def make(self):\n"
        "        self.net = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))\n"
        "        return self.net, torch.optim.SGD(self.net.parameters(), lr=0.1)\n\n\n"
        "class Tune(Base):\n"
        "    def go(self, data):\n"
        "        model, opt = self.make()\n"
        "        model[2] = nn.Linear(16, 5)\n"
        "        i = 0\n"
        "        while i < len(data):\n"
        "            opt.zero_grad(set_to_none=True)\n"
        "            F.cross_entropy(model(data[i][0]), data[i][1]).backward()\n"
        "            opt.step()\n"
        "            i += 1\n"
    )
    assert _changes(text) == [("opt", 15, "model[2]")]
    # the optimizer built over the attribute's value before it is bound again: not paired with
    # the returned model (that rebinding is itself the change reported, in the builder)
    stale_first = text.replace(
        "        self.net = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))\n        return self.net, torch.optim.SGD(self.net.parameters(), lr=0.1)\n",
        "        opt = torch.optim.SGD(self.net.parameters(), lr=0.1)\n        self.net = nn.Linear(8, 3)\n        return self.net, opt\n",
    )
    assert stale_first != text and _changes(stale_first) == [("opt", 9, "self.net")]
    # the optimizer rebuilt after the change: nothing stale
    rebuilt = text.replace("        model[2] = nn.Linear(16, 5)\n", "        model[2] = nn.Linear(16, 5)\n        opt = torch.optim.SGD(model.parameters(), lr=0.1)\n")
    assert _changes(rebuilt) == []


def test_the_new_head_of_the_fixture_never_trains() -> None:
    spec = importlib.util.spec_from_file_location("method_builder_case", CASE)
    case = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(case)  # type: ignore[union-attr]
    torch.manual_seed(0)
    batches = [(torch.randn(8, 6), torch.randint(0, 5, (8,))) for _ in range(4)]
    trainer = case.Trainer(0.1, 2)
    trainer.fit(batches)
    head = trainer.model.head.weight.detach().clone()
    trunk = trainer.model.trunk[0].weight.detach().clone()
    trainer.epochs = 1
    model, optimizer = trainer.model, trainer.optimizer
    for x, y in batches:
        optimizer.zero_grad(set_to_none=True)
        torch.nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()
    assert model.head.weight.grad is not None  # it gets gradients...
    assert torch.equal(model.head.weight, head)  # ... that no step applies
    assert not torch.equal(model.trunk[0].weight, trunk)


def test_the_fixture_of_a_builder_on_self_or_of_a_base_and_its_twin() -> None:
    case = FIXTURES / "GF021_optimizer_over_stale_parameters/head_replaced_after_a_builder_kept_the_model_on_self_or_a_base_class_built_it.before.py"
    assert sorted(_changes(case.read_text()), key=lambda c: c[1]) == [("adamw", 22, "network[2]"), ("sgd", 33, "net[2]")]
    assert _changes((FIXTURES / "clean/gf021_builder_on_self_or_of_a_base_then_the_optimizer_rebuilt.py").read_text()) == []
