"""A step function's backward and step are read in its code, not in its docstring: a library
method documented with a training example (`accelerator.backward(loss)` ...
`optimizer.step()` in the docstring of `Accelerator.skip_first_batches`) is no candidate, so
neither its callers are searched for nor its body walked as an iteration; a real step function
with a docstring (and the same example in it) is found as before."""

from __future__ import annotations

from gradfix.analysis.facts import collect_facts
from gradfix.analysis.steps import _may_be_step_shaped
from gradfix.runner import Options, process_source
from gradfix.source import Source

DOCUMENTED = '''import torch


class Runner:
    def __init__(self, model):
        self.model = model

    def skip_batches(self, loader, count=0):
        """Skips the first `count` batches of `loader`.

        Example:
            >>> for x, y in runner.skip_batches(loader, 2):
            ...     loss = loss_fn(model(x), y)
            ...     loss.backward()
            ...     optimizer.step()
        """
        return list(loader)[count:]

    def train_step(self, optimizer, x, y):
        """One step: `loss.backward()`, then `optimizer.step()`."""
        loss = (self.model(x) - y).pow(2).mean()
        loss.backward()
        optimizer.step()
        return loss
'''

CALLED = """import torch

model = torch.nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(3, 4), torch.randn(3, 2))] * 3


def train_step(x, y):
    {docstring}
    {body}


for x, y in batches:
    train_step(x, y)
"""

EXAMPLE = '''"""Example: `loss.backward()` then `opt.step()`, after `opt.zero_grad()`."""'''


def _methods(text: str) -> dict:  # type: ignore[type-arg]
    facts = collect_facts(Source.from_bytes(text.encode(), "runner.py"))
    return facts.methods["Runner"]


def test_a_docstring_example_makes_no_step_function_candidate() -> None:
    methods = _methods(DOCUMENTED)
    assert not _may_be_step_shaped(methods["skip_batches"])


def test_a_step_function_with_a_docstring_is_still_a_candidate() -> None:
    methods = _methods(DOCUMENTED)
    assert _may_be_step_shaped(methods["train_step"])


def test_the_docstring_alone_is_left_out() -> None:
    # the same method without its docstring's example is no candidate either: the example
    # was all that said `backward` and `step`
    text = DOCUMENTED.replace('''        """Skips the first `count` batches of `loader`.

        Example:
            >>> for x, y in runner.skip_batches(loader, 2):
            ...     loss = loss_fn(model(x), y)
            ...     loss.backward()
            ...     optimizer.step()
        """
''', "")
    assert not _may_be_step_shaped(_methods(text)["skip_batches"])


def _codes(text: str) -> list[str]:
    result = process_source("train.py", text.encode(), Options(select=frozenset({"GF001"}), unsafe_fixes=True, fix=False))
    assert result.error is None, result.error
    return [d.code for d in result.diagnostics]


def test_a_documented_step_function_missing_its_clear_is_still_reported() -> None:
    body = "loss = torch.nn.functional.mse_loss(model(x), y)\n    loss.backward()\n    opt.step()"
    with_doc = _codes(CALLED.format(docstring=EXAMPLE, body=body))
    without_doc = _codes(CALLED.format(docstring="", body=body))
    assert "GF001" in with_doc
    assert with_doc == without_doc


def test_a_documented_helper_whose_code_trains_nothing_gives_nothing() -> None:
    body = "return model(x) - y"
    assert _codes(CALLED.format(docstring=EXAMPLE, body=body)) == []
