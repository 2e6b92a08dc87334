"""`x.backward(...)` when `x` may not be a tensor: what the loop model records.

An object of a class of the project (`grad_acc.backward(loss)`) runs that class's method,
looked into like a helper, its parameter standing for the caller's argument; an object whose
`backward` gradfix cannot see is UNKNOWN; engines and optimizer wrappers backpropagate their
argument. No event ever takes the object for the loss.
"""

from __future__ import annotations

import ast

import pytest

from gradfix.analysis.assignments import built
from gradfix.analysis.facts import collect_facts
from gradfix.analysis.loops import _Context, _Walker, build_model
from gradfix.analysis.model import EventKind
from gradfix.source import Source

LOOP = """
accum = 4
for i, (x, y) in enumerate(loader):
    loss = criterion(model(x), y)
    {call}
    if (i + 1) % accum == 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
"""
HEAD = "import torch\n\nmodel = torch.nn.Linear(4, 2)\noptimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n"


def _events(text: str):
    source = Source.from_text(text)
    model = build_model(source)
    assert len(model.loops) == 1
    return source, model.loops[0]


def _backward(text: str):
    source, loop = _events(text)
    backwards = [e for e in loop.events if e.kind is EventKind.BACKWARD]
    assert len(backwards) == 1 and not loop.unknown
    return source, backwards[0]


def test_method_of_a_class_of_the_file_is_looked_into() -> None:
    text = HEAD + "class Acc:\n    def backward(self, loss):\n        loss.backward()\n\ngrad_acc = Acc()\n" + LOOP.format(call="grad_acc.backward(loss)")
    source, event = _backward(text)
    assert len(event.via) == 1 and source.code(event.via[0]) == "grad_acc.backward(loss)"
    assert isinstance(event.loss, ast.Name) and event.loss.id == "loss"
    assert event.argument is event.via[0].args[0]


@pytest.mark.parametrize(
    "classes,built",
    [
        ("class Base:\n    def backward(self, loss):\n        loss.backward()\n\nclass Acc(Base):\n    pass\n", "Acc()"),
        ("class Acc:\n    @staticmethod\n    def backward(loss):\n        loss.backward()\n", "Acc()"),
        ("class Acc:\n    def backward(self, loss):\n        loss.backward()\n\ndef make():\n    return Acc()\n", "make()"),
        ("class Acc:\n    def backward(self, loss):\n        loss.backward()\n", "Acc() if torch.cuda.is_available() else None"),
    ],
    ids=["inherited", "staticmethod", "factory", "conditional"],
)
def test_method_found_however_the_object_is_built(classes: str, built: str) -> None:
    text = HEAD + classes + f"\ngrad_acc = {built}\n" + LOOP.format(call="grad_acc.backward(loss)")
    source, event = _backward(text)
    assert event.via and source.code(event.argument) == "loss"


def test_parameter_annotated_with_the_class() -> None:
    text = "class Acc:\n    def backward(self, loss):\n        loss.backward()\n\n\ndef train(model, loader, optimizer, criterion, grad_acc: Acc):\n"
    text += "".join("    " + line + "\n" for line in LOOP.format(call="grad_acc.backward(loss)").strip().splitlines())
    source, event = _backward(text)
    assert event.via and source.code(event.argument) == "loss"


def test_trainer_method_on_self() -> None:
    text = (
        "class Trainer:\n    def backward(self, loss):\n        loss.backward()\n\n"
        "    def fit(self, loader, optimizer, criterion, model):\n"
        + "".join("        " + line + "\n" for line in LOOP.format(call="self.backward(loss)").strip().splitlines())
    )
    source, event = _backward(text)
    assert source.code(event.via[0]) == "self.backward(loss)" and source.code(event.argument) == "loss"


@pytest.mark.parametrize(
    "body",
    [
        "        loss = loss / 4\n        loss.backward()\n",
        "        loss.div_(4)\n        loss.backward()\n",
        "        if self.on:\n            loss.backward()\n",
        "        super().backward(loss)\n",
    ],
    ids=["rebound", "in-place", "conditional", "through-super"],
)
def test_no_argument_unless_the_parameter_is_backpropagated_as_given(body: str) -> None:
    classes = "class Base:\n    def backward(self, loss):\n        loss.backward()\n\nclass Acc(Base):\n    def backward(self, loss):\n" + body
    text = HEAD + classes + "\ngrad_acc = Acc()\n" + LOOP.format(call="grad_acc.backward(loss)")
    _, event = _backward(text)
    assert event.via and event.argument is None


@pytest.mark.parametrize(
    "prelude,reason",
    [
        ("from lib import Base\n\nclass Acc(Base):\n    pass\n\ngrad_acc = Acc()\n", "calls a method of `Acc`"),
        ("class Acc:\n    @classmethod\n    def make(cls):\n        return cls()\n\n    def backward(self, loss):\n        loss.backward()\n\ngrad_acc = Acc.make()\n", "calls a method of a class"),
        ("from lib import make_accumulator\n\ngrad_acc = make_accumulator()\n", "not computed in the iteration"),
    ],
    ids=["unreadable-base", "built-by-a-classmethod", "unknown-factory"],
)
def test_unseen_backward_is_unknown(prelude: str, reason: str) -> None:
    source = Source.from_text(HEAD + prelude + LOOP.format(call="grad_acc.backward(loss)"))
    assert build_model(source).loops == []  # no backward pass it can see: no training loop to judge
    walker = _Walker(collect_facts(source))
    walker.block(source.tree.body, _Context())
    unknown = [e for e in walker.events if e.kind is EventKind.UNKNOWN]
    assert EventKind.BACKWARD not in {e.kind for e in walker.events}
    assert len(unknown) == 1 and reason in unknown[0].reason


def test_optimizer_wrapper_backpropagates_its_argument() -> None:
    text = HEAD.replace("torch.optim.SGD(model.parameters(), lr=0.1)", "FP16_Optimizer(torch.optim.SGD(model.parameters(), lr=0.1))")
    source, event = _backward(text + LOOP.format(call="optimizer.backward(loss)"))
    assert event.direct and source.code(event.loss) == "loss" and event.target == "optimizer"


def test_tensor_computed_in_the_iteration_keeps_its_gradient_argument() -> None:
    source, event = _backward(HEAD + LOOP.format(call="out = model(x)\n    out.backward(torch.ones_like(out))"))
    assert event.direct and source.code(event.loss) == "out"


@pytest.mark.parametrize(
    "prelude", ["", "class Acc:\n    def backward(self, loss):\n        loss.backward()\n\ngrad_acc = Acc()\n"], ids=["no-class", "class-unused"]
)
def test_plain_loss_backward_builds_no_assignment_index(prelude: str) -> None:
    """`loss.backward()` with no line assigning `loss` a call of the project: the question is
    answered from one pass over the text, not from the index (a walk over every statement)."""
    model = build_model(Source.from_text(HEAD + prelude + LOOP.format(call="loss.backward()")))
    assert len(model.loops) == 1
    assert not built(model) and "_assignments" not in model.facts.__dict__
