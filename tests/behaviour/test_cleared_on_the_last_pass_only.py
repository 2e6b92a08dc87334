"""GF001: a clear only under `if i == len(loader) - 1:` (or `if i + 1 == len(batches):`) after
the step leaves every step of a pass applying the gradients piled up since the last pass ended.
The fixed script (`gradfix --write`: a clear at the start of each iteration; the last-pass clear
stays, harmless) trains exactly like the hand fix, bit for bit, and the buggy one does not. Run
with real torch, in this process."""

from __future__ import annotations

import pytest
import torch

from gradfix.runner import Options, process_source

_SCRIPT = """
import itertools
import torch
torch.manual_seed(1)
net = torch.nn.Sequential(torch.nn.Linear(5, 7), torch.nn.Tanh(), torch.nn.Linear(7, 2))
opt = torch.optim.Adam(net.parameters(), lr=0.01)
batches = [(torch.randn(6, 5), torch.randn(6, 2)) for _ in range(5)]
losses = []


def epoch_pass():
    for {header}:
{clear}        loss = torch.nn.functional.smooth_l1_loss(net(x), y)
        loss.backward()
        opt.step()
        losses.append(loss.item())
{last}

for epoch in range(3):
    epoch_pass()
"""
_HEADERS = ["i, (x, y) in enumerate(batches)", "n, (x, y) in zip(itertools.count(), batches)"]
_TESTS = {"i": "if i == len(batches) - 1:", "n": "if n + 1 == len(batches):"}
_HAND = "        opt.zero_grad()\n"


def _run(code: str) -> tuple[list[float], list[torch.Tensor]]:
    scope: dict[str, object] = {}
    threads = torch.get_num_threads()
    try:
        exec(compile(code, "<gf001>", "exec"), scope)
    finally:
        torch.set_num_threads(threads)
    return scope["losses"], [p.detach().clone() for p in scope["net"].parameters()]  # type: ignore[return-value, attr-defined]


@pytest.mark.parametrize("header", _HEADERS)
def test_a_clear_on_the_last_pass_only_is_fixed_like_the_hand_fix(header: str) -> None:
    last = "        " + _TESTS[header[0]] + "\n            opt.zero_grad()\n"
    buggy = _SCRIPT.format(header=header, clear="", last=last)
    options = Options(select=frozenset({"GF001"}), unsafe_fixes=False, fix=True)
    result = process_source("gf001.py", buggy.encode(), options)
    assert result.error is None, result.error
    assert [d.code for d in result.diagnostics] == ["GF001"]
    assert "last iteration only" in result.diagnostics[0].message
    assert result.fixed is not None
    fixed_losses, fixed_weights = _run(result.fixed.decode())
    hand_losses, hand_weights = _run(_SCRIPT.format(header=header, clear=_HAND, last=""))
    buggy_losses, buggy_weights = _run(buggy)
    assert fixed_losses == hand_losses
    assert all(torch.equal(a, b) for a, b in zip(fixed_weights, hand_weights))
    assert buggy_losses != hand_losses
    assert not all(torch.equal(a, b) for a, b in zip(buggy_weights, hand_weights))
    again = process_source("gf001.py", result.fixed, options)
    assert again.fixed is None and not again.diagnostics


def test_a_whole_pass_accumulated_and_stepped_on_the_last_batch_is_silent() -> None:
    # the step and the clear both on the last pass: one full-batch step per pass, on purpose
    code = _SCRIPT.format(
        header=_HEADERS[0], clear="", last="",
    ).replace(
        "        opt.step()\n",
        "        if i == len(batches) - 1:\n            opt.step()\n            opt.zero_grad()\n",
    )
    result = process_source("gf001.py", code.encode(), Options(select=frozenset({"GF001"}), unsafe_fixes=False, fix=True))
    assert result.error is None and not result.diagnostics and result.fixed is None


_STREAM = """
import torch
torch.manual_seed(1)
net = torch.nn.Sequential(torch.nn.Linear(5, 7), torch.nn.Tanh(), torch.nn.Linear(7, 2))
opt = torch.optim.Adam(net.parameters(), lr=0.01)
batches = [(torch.randn(6, 5), torch.randn(6, 2)) for _ in range(5)]
losses = []

for epoch in range(3):
    it = iter(batches)
    i = -1
    while True:
        try:
            x, y = next(it)
        except StopIteration:
            break
        i += 1
{first}        loss = torch.nn.functional.smooth_l1_loss(net(x), y)
        loss.backward()
        opt.step()
        losses.append(loss.item())
{last}"""


@pytest.mark.parametrize(
    "first, last",
    [
        ("", "        if i == len(batches) - 1:\n            opt.zero_grad()\n"),
        ("        if i == 0:\n            opt.zero_grad()\n", ""),
    ],
    ids=["last", "first"],
)
def test_a_clear_on_one_pass_of_a_stream_counted_by_hand_is_fixed_like_the_hand_fix(first: str, last: str) -> None:
    # `while True:` over `next(it)`, `i = -1` before and `i += 1` first: `i` counts the batches from 0
    buggy = _STREAM.format(first=first, last=last)
    options = Options(select=frozenset({"GF001"}), unsafe_fixes=False, fix=True)
    result = process_source("gf001.py", buggy.encode(), options)
    assert result.error is None, result.error
    assert [d.code for d in result.diagnostics] == ["GF001"]
    assert ("last" if last else "first") + " iteration only" in result.diagnostics[0].message
    assert result.fixed is not None
    fixed_losses, fixed_weights = _run(result.fixed.decode())
    hand_losses, hand_weights = _run(_STREAM.format(first=_HAND, last=""))
    buggy_losses, buggy_weights = _run(buggy)
    assert fixed_losses == hand_losses
    assert all(torch.equal(a, b) for a, b in zip(fixed_weights, hand_weights))
    assert buggy_losses != hand_losses
    assert not all(torch.equal(a, b) for a, b in zip(buggy_weights, hand_weights))
    again = process_source("gf001.py", result.fixed, options)
    assert again.fixed is None and not again.diagnostics


@pytest.mark.parametrize(
    "count",
    ["        i += 1\n", "        i += 2\n"],
)
def test_a_stream_counted_otherwise_is_silent(count: str) -> None:
    # a count started at 0 (one ahead of the index) or advanced by two: `i` is not surely the
    # pass's index, so the test is not read as one of the last pass (left silent, not guessed)
    code = _STREAM.format(first="", last="        if i == len(batches) - 1:\n            opt.zero_grad()\n")
    code = code.replace("    i = -1\n", "    i = 0\n") if count == "        i += 1\n" else code.replace("        i += 1\n", count)
    result = process_source("gf001.py", code.encode(), Options(select=frozenset({"GF001"}), unsafe_fixes=False, fix=True))
    assert result.error is None and not result.diagnostics and result.fixed is None


_HANDED = """
import torch
torch.manual_seed(1)
batches = [(torch.randn(6, 5), torch.randn(6, 2)) for _ in range(5)]
losses = []


class Base:
    def __init__(self, net):
        self.net = net

    def train_step(self, i, x, y):
        raise NotImplementedError

    def fit(self, epochs):
        for _ in range(epochs):
            for i, (x, y) in enumerate(batches):
                losses.append(self.train_step(i, x, y))


class Regressor(Base):
    def __init__(self, net):
        super().__init__(net)
        self.opt = torch.optim.Adam(net.parameters(), lr=0.01)

    def train_step(self, i, x, y):
{first}        loss = torch.nn.functional.smooth_l1_loss(self.net(x), y)
        loss.backward()
        self.opt.step()
{last}        return loss.item()


net = torch.nn.Sequential(torch.nn.Linear(5, 7), torch.nn.Tanh(), torch.nn.Linear(7, 2))
Regressor(net).fit(3)
"""


@pytest.mark.parametrize(
    "first, last",
    [
        ("", "        if i == len(batches) - 1:\n            self.opt.zero_grad()\n"),
        ("        if i == 0:\n            self.opt.zero_grad()\n", ""),
    ],
    ids=["last", "first"],
)
def test_a_clear_on_one_pass_in_an_override_handed_the_loop_index_is_fixed_like_the_hand_fix(first: str, last: str) -> None:
    # the subclass's `train_step` is called by the base's loop with its `enumerate` index
    buggy = _HANDED.format(first=first, last=last)
    options = Options(select=frozenset({"GF001"}), unsafe_fixes=False, fix=True)
    result = process_source("gf001.py", buggy.encode(), options)
    assert result.error is None, result.error
    assert [d.code for d in result.diagnostics] == ["GF001"]
    assert ("last" if last else "first") + " iteration only" in result.diagnostics[0].message
    assert result.fixed is not None
    fixed_losses, fixed_weights = _run(result.fixed.decode())
    hand_losses, hand_weights = _run(_HANDED.format(first="        self.opt.zero_grad()\n", last=""))
    buggy_losses, buggy_weights = _run(buggy)
    assert fixed_losses == hand_losses
    assert all(torch.equal(a, b) for a, b in zip(fixed_weights, hand_weights))
    assert buggy_losses != hand_losses
    assert not all(torch.equal(a, b) for a, b in zip(buggy_weights, hand_weights))
    again = process_source("gf001.py", result.fixed, options)
    assert again.fixed is None and not again.diagnostics
