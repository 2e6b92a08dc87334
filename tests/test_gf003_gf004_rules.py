"""GF003 (multiple-backward) and GF004 (needless-retain-graph) together, and their docs.

The fixture test runs one rule at a time; here both run, as `gradfix --write` does, and the
runner's fixed point must end in one backward call that retains nothing.
"""

from __future__ import annotations

import ast
import textwrap

import pytest

from gradfix.runner import Options, process_source
from gradfix.transforms import RULES_BY_CODE

BOTH = frozenset({"GF003", "GF004"})


def _run(source: str, codes: frozenset[str] = BOTH, unsafe: bool = False):  # type: ignore[no-untyped-def]
    data = textwrap.dedent(source).encode()
    result = process_source("case.py", data, Options(select=codes, unsafe_fixes=unsafe, fix=True))
    assert result.error is None, result.error
    return result


def _backward_calls(code: bytes) -> list[str]:
    tree = ast.parse(code)
    return [
        ast.unparse(node)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "backward"
    ]


SPLIT_BOTH_RETAIN = """
    import torch

    def train(model, loader, optimizer):
        for x, y in loader:
            optimizer.zero_grad()
            out = model(x)
            task = torch.nn.functional.mse_loss(out, y)
            reg = out.abs().mean()
            task.backward(retain_graph=True)
            reg.backward(retain_graph=True)
            optimizer.step()
"""


def test_merge_then_drop_retain_graph_reaches_single_plain_backward() -> None:
    result = _run(SPLIT_BOTH_RETAIN)
    # GF004 reports only the last call (nothing backpropagates after it); the earlier
    # one's retain_graph is needed as long as the calls are split
    assert [(d.code, d.line) for d in result.diagnostics] == [("GF003", 10), ("GF004", 11)]
    assert result.fixed is not None
    assert _backward_calls(result.fixed) == ["total_loss.backward()"]
    assert b"total_loss = task + reg\n" in result.fixed
    assert b"retain_graph" not in result.fixed
    assert result.fixed_codes == {"GF003": 1, "GF004": 1}
    assert result.remaining == []


def test_seed_split_needs_its_retain_graph_until_merged() -> None:
    seed = SPLIT_BOTH_RETAIN.replace("reg.backward(retain_graph=True)", "reg.backward()")
    alone = _run(seed, frozenset({"GF004"}))
    assert alone.diagnostics == [] and alone.fixed is None  # removing it would break the split loop
    both = _run(seed)
    assert [d.code for d in both.diagnostics] == ["GF003"]
    assert both.fixed is not None and b"retain_graph" not in both.fixed
    assert _backward_calls(both.fixed) == ["total_loss.backward()"]


SEPARATE_FORWARDS = """
    def train(model, loader, optimizer, criterion):
        for clean, noisy, y in loader:
            optimizer.zero_grad()
            loss_clean = criterion(model(clean), y)
            loss_clean.backward(retain_graph=True)
            loss_noisy = criterion(model(noisy), y)
            loss_noisy.backward()
            optimizer.step()
"""


def test_unclear_forward_relation_is_an_unsafe_fix() -> None:
    safe_only = _run(SEPARATE_FORWARDS)
    assert [(d.code, d.fix_safety, d.fixable) for d in safe_only.diagnostics] == [("GF003", "unsafe", False)]
    assert safe_only.fixed is None
    unsafe = _run(SEPARATE_FORWARDS, unsafe=True)
    assert unsafe.fixed is not None
    assert _backward_calls(unsafe.fixed) == ["total_loss.backward()"]
    assert b"total_loss = loss_clean + loss_noisy\n" in unsafe.fixed


def test_comments_and_blank_lines_stay_in_place() -> None:
    source = """
        def train(model, loader, optimizer):
            for x, y in loader:
                optimizer.zero_grad()
                out = model(x)
                a = out.mean()
                b = out.std()

                # first the mean
                a.backward(retain_graph=True)  # keep it
                # then the spread
                (2 * b).backward()  # done
                optimizer.step()
    """
    result = _run(source)
    assert result.fixed is not None
    expected = textwrap.dedent(
        """
        def train(model, loader, optimizer):
            for x, y in loader:
                optimizer.zero_grad()
                out = model(x)
                a = out.mean()
                b = out.std()

                # first the mean
                # then the spread
                # keep it
                total_loss = a + 2 * b
                total_loss.backward()  # done
                optimizer.step()
        """
    )
    assert result.fixed.decode() == expected


@pytest.mark.parametrize(
    "extra",
    [
        "x.requires_grad_(True)\n",  # harmless, still merged
        "print(a.item())\n",
    ],
)
def test_harmless_statement_between_keeps_safe_fix(extra: str) -> None:
    source = f"""
        def train(model, loader, optimizer):
            for x, y in loader:
                optimizer.zero_grad()
                out = model(x)
                a = out.mean()
                b = out.std()
                a.backward(retain_graph=True)
                {extra.strip()}
                b.backward()
                optimizer.step()
    """
    result = _run(source, frozenset({"GF003"}))
    assert [d.fix_safety for d in result.diagnostics] == ["safe"]
    assert result.fixed is not None and _backward_calls(result.fixed) == ["total_loss.backward()"]


def test_gradient_read_between_silences_gf003() -> None:
    source = """
        def train(model, loader, optimizer):
            for x, y in loader:
                optimizer.zero_grad()
                out = model(x)
                a = out.mean()
                b = out.std()
                a.backward(retain_graph=True)
                norms = [p.grad.norm() for p in model.parameters()]
                b.backward()
                optimizer.step()
    """
    assert _run(source).diagnostics == []


@pytest.mark.parametrize("code", ["GF003", "GF004"])
def test_docs_say_when_the_fix_is_safe_and_when_not(code: str) -> None:
    docs = RULES_BY_CODE[code].docs()
    for section in ("## What it does", "## Why is this bad?", "## Example", "## Use instead", "## Fix safety"):
        assert section in docs, section
    safety = docs.split("## Fix safety", 1)[1]
    assert "safe" in safety and "unsafe" in safety.lower() and "silent" in safety


def test_enough_fixtures_for_gf003_and_gf004() -> None:
    """The issue asks for at least 8 before/after pairs per rule."""
    from pathlib import Path

    root = Path(__file__).parent / "before_after"
    for folder in ("GF003_multiple_backward", "GF004_needless_retain_graph"):
        pairs = [p for p in (root / folder).glob("*.before.py") if p.with_name(p.name.replace(".before.", ".after.")).exists()]
        assert len(pairs) >= 8, (folder, len(pairs))


_RUNNING = '''
import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)
        self.total = 0.0

    def fit(self, loader):
        for x, y in loader:
            self.opt.zero_grad()
            loss = F.mse_loss(self.model(x), y)
            loss.backward(retain_graph=True)
            self.opt.step()
            n = x.size(0)
            self.total = {value}
'''


@pytest.mark.parametrize(
    ("value", "reported"),
    [
        ("self.total + loss.item() * n", True),
        ("self.total + float(loss) * x.shape[0]", True),
        ("max(self.total, float(loss))", True),
        ("self.total + loss * n", False),  # the tensor itself outlives the iteration
        ("self.total + float(loss) + loss", False),
        ("self.total + loss.sum(0).tolist()[0] * n + y", False),
    ],
)
def test_gf004_running_number_on_self_is_no_kept_graph(value: str, reported: bool) -> None:
    result = _run(_RUNNING.format(value=value), frozenset({"GF004"}))
    assert any(d.code == "GF004" for d in result.diagnostics) is reported


def test_gf004_step_functions_returning_a_record_of_numbers_are_judged() -> None:
    """A step closure returning `Outcome(loss.item(), float(norm))` (a named tuple) and a
    trainer's step method returning `Metrics(loss=loss.item(), correct=int(...))` (a
    dataclass) hand no tensor of the graph back: the flag is dropped (unsafe: the loss reads
    the function's parameters). A record holding the loss tensor itself keeps it (the clean
    fixture `GF004_step_functions_return_the_loss_tensor_in_a_record`)."""
    from pathlib import Path

    fixture = Path(__file__).parent / "before_after" / "GF004_needless_retain_graph" / "step_closure_returns_a_record_of_numbers.before.py"
    source = fixture.read_text()
    result = _run(source, frozenset({"GF004"}), unsafe=True)
    assert [(d.code, d.line, d.fix_safety) for d in result.diagnostics] == [("GF004", 23, "unsafe"), ("GF004", 40, "unsafe")]
    assert result.fixed is not None and b"retain_graph" not in result.fixed
    assert _run(result.fixed.decode(), frozenset({"GF004"}), unsafe=True).diagnostics == []
    record = source.replace("Outcome(loss.item(), float(norm))", "Outcome(loss, float(norm))")
    assert [d.line for d in _run(record, frozenset({"GF004"}), unsafe=True).diagnostics] == [40]


SEEDED_GAN = """
    import torch
    import torch.nn as nn

    netG, netD = nn.Linear(5, 3), nn.Linear(3, 1)
    optG = torch.optim.SGD(netG.parameters(), lr=0.01)
    optD = torch.optim.SGD(netD.parameters(), lr=0.01)
    source = torch.Generator(device="cpu")
    source.manual_seed(11)
    i = 0
    while i < 6:
        i += 1
        sample = netG(torch.rand(4, 5, generator=source))
        optD.zero_grad()
        errD = netD(torch.rand(4, 3, generator=source)).mean() - netD(sample.detach()).mean()
        errD.backward(retain_graph=True)
        optD.step()
        optG.zero_grad()
        errG = SCORE
        errG.backward()
        optG.step()
"""


def test_a_seeded_random_generator_read_by_both_losses_carries_no_graph() -> None:
    """A `torch.Generator` made before the loop (seeded in a statement of its own here) is a
    random source: the generator's loss walks a graph of its own, the flag is needless."""
    result = _run(SEEDED_GAN.replace("SCORE", "-netD(sample).mean()"), frozenset({"GF004"}))
    assert [(d.code, d.line) for d in result.diagnostics] == [("GF004", 16)]
    assert _backward_calls(result.fixed) == ["errD.backward()", "errG.backward()"]


def test_a_seeded_generator_does_not_hide_a_shared_graph() -> None:
    """The generator's loss reads the discriminator's output on the fake batch that the
    retained graph holds: the flag is needed (silent)."""
    shared = SEEDED_GAN.replace(
        "        errD = netD(torch.rand(4, 3, generator=source)).mean() - netD(sample.detach()).mean()\n",
        "        d_fake = netD(sample)\n        errD = netD(torch.rand(4, 3, generator=source)).mean() - d_fake.mean()\n",
    ).replace("SCORE", "-d_fake.mean()")
    result = _run(shared, frozenset({"GF004"}))
    assert result.diagnostics == [] and result.fixed is None


FORWARDER_IN_THE_LOOP = """
    import torch

    def train(net, loader, optimiser):
        for inputs, labels in loader:

            def backprop(t, *args, **kwargs):
                t.backward(*args, **kwargs)

            optimiser.zero_grad(set_to_none=True)
            main_loss = torch.nn.functional.cross_entropy(net(inputs), labels)
            backprop(main_loss, retain_graph=True)
            backprop(SECOND)
            optimiser.step()
"""


def test_a_forwarder_defined_in_the_loop_and_called_twice_on_one_graph_keeps_the_flag() -> None:
    """A forwarder `def` in the batch loop is read at its calls: its second call walks the
    retained graph again, so GF004 is silent there (GF003 reports the split)."""
    result = _run(FORWARDER_IN_THE_LOOP.replace("SECOND", "0.1 * main_loss"), frozenset({"GF004"}))
    assert result.diagnostics == [] and result.fixed is None
    both = _run(FORWARDER_IN_THE_LOOP.replace("SECOND", "0.1 * main_loss"), frozenset({"GF003"}), unsafe=True)
    assert [d.code for d in both.diagnostics] == ["GF003"]


HANDED_ON = """
    import torch

    def train(net, loader, optimiser, hooks):
        for inputs, labels in loader:

            def again(t):
                t.backward()

            optimiser.zero_grad(set_to_none=True)
            main_loss = torch.nn.functional.cross_entropy(net(inputs), labels)
            main_loss.backward(retain_graph=True)
            USE
            optimiser.step()
"""


@pytest.mark.parametrize(
    "use,reported",
    [
        ("pass", True),  # never named again: its body runs nowhere
        ("hooks.append(again)", False),  # handed on: whoever holds it may run it
        ("again(main_loss * 0.5)", False),  # called: a second backward of the graph
    ],
)
def test_a_def_in_the_loop_counts_where_it_may_run(use: str, reported: bool) -> None:
    """A backward in a `def` inside the loop runs where the function is called: a def never
    named again is no later backward; one handed on or called is."""
    result = _run(HANDED_ON.replace("USE", use), frozenset({"GF004"}))
    assert [d.code for d in result.diagnostics] == (["GF004"] if reported else [])
    assert (result.fixed is not None) is reported
