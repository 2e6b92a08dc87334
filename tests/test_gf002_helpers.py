"""GF002 through helpers: a clear made in a helper is reported once, at the first call on its
way that does not also hold the backward (`self._optimize()` in `train_step`, not the call of
`train_step` in the loop, which holds the backward too)."""

from __future__ import annotations

from pathlib import Path

from gradfix.runner import Options, process_source

CASE = Path(__file__).parent / "before_after" / "GF002_zero_grad_between_backward_and_step" / "clear_two_helpers_deep_reported_once_no_fix.before.py"


def test_clear_two_helpers_deep_is_reported_once_at_the_inner_call() -> None:
    source = CASE.read_bytes()
    result = process_source(str(CASE), source, Options(select=frozenset({"GF002"})))
    assert result.error is None
    assert [(d.code, d.line) for d in result.diagnostics] == [("GF002", 17)]
    assert "`self._optimize()`" in result.diagnostics[0].message
    assert not result.diagnostics[0].fixable


def test_functions_as_well() -> None:
    text = (
        "import torch\n\nmodel = torch.nn.Linear(4, 3)\nopt = torch.optim.SGD(model.parameters(), lr=0.1)\n\n\n"
        "def optimize():\n    opt.zero_grad()\n    opt.step()\n\n\n"
        "def train_step(x, y):\n    loss = torch.nn.functional.cross_entropy(model(x), y)\n    loss.backward()\n    optimize()\n\n\n"
        "for x, y in [(torch.randn(8, 4), torch.randint(0, 3, (8,)))] * 3:\n    train_step(x, y)\n"
    )
    result = process_source("case.py", text.encode(), Options(select=frozenset({"GF002"})))
    assert [(d.code, d.line) for d in result.diagnostics] == [("GF002", 15)]


def test_helper_that_backpropagates_then_clears_is_reported_once_at_its_clear() -> None:
    """`backprop(loss)` runs `loss.backward()` and then `opt.zero_grad()`; two loops call it
    before their step: one finding, at the clear, without a fix."""
    text = (
        "import torch\n\nmodel = torch.nn.Linear(4, 3)\nopt = torch.optim.SGD(model.parameters(), lr=0.1)\n"
        "data = [(torch.randn(8, 4), torch.randint(0, 3, (8,)))] * 3\n\n\n"
        "def backprop(loss):\n    loss.backward()\n    opt.zero_grad()\n\n\n"
        "for x, y in data:\n    backprop(torch.nn.functional.cross_entropy(model(x), y))\n    opt.step()\n\n"
        "for x, y in data:\n    backprop(torch.nn.functional.cross_entropy(model(x), y))\n    opt.step()\n"
    )
    result = process_source("case.py", text.encode(), Options(select=frozenset({"GF002"})))
    assert [(d.code, d.line) for d in result.diagnostics] == [("GF002", 10)]
    assert not result.diagnostics[0].fixable


def test_method_backpropagating_in_a_loop_of_its_own_then_clearing_is_reported_at_its_clear() -> None:
    """A function called per batch whose backward runs in a loop of its own (micro-batches,
    `while`), then clears before its step: no step function (its backward is not at its top
    level), judged from the calling loop, reported at the clear without a fix."""
    text = (
        "import torch\n\nnet = torch.nn.Linear(4, 3)\nsgd = torch.optim.SGD(net.parameters(), lr=0.1)\n\n\n"
        "def train_on(batch, parts=2):\n    k = 0\n    while k < parts:\n"
        "        net(batch[k::parts]).pow(2).mean().backward()\n        k += 1\n"
        "    sgd.zero_grad(set_to_none=True)\n    sgd.step()\n\n\n"
        "for epoch in range(2):\n    for batch in torch.randn(3, 6, 4):\n        train_on(batch)\n"
    )
    result = process_source("case.py", text.encode(), Options(select=frozenset({"GF002"}), unsafe_fixes=True))
    assert [(d.code, d.line) for d in result.diagnostics] == [("GF002", 12)]
    assert not result.diagnostics[0].fixable
    cleared_first = text.replace(
        "    k = 0\n", "    sgd.zero_grad(set_to_none=True)\n    k = 0\n", 1
    ).replace("    sgd.zero_grad(set_to_none=True)\n    sgd.step()\n", "    sgd.step()\n")
    result = process_source("case.py", cleared_first.encode(), Options(select=frozenset({"GF002"}), unsafe_fixes=True))
    assert result.diagnostics == [] and result.fixed is None
