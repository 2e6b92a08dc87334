"""GF017 through an object handed the model (`runner = Runner(net, batches)`, `self.net = net`
and the optimizer built in `__init__` over the parameter, `SGD(net.parameters())`): the
evaluation method's `self.net.eval()` is the trained module's, reported with `net.train()`
after the call (or `runner.net.train()` for a model built inline in the call). Silent when the
object does not hold the trained module itself (a copy, a wrapper), when a method rebinds
`self.net`, when `__init__` rebinds the parameter, or when the training method switches back.
The module may be stored moved (`self.net = net.to(device)`: a module's move returns the module
itself) or through a local of `__init__` bound once before (`m = net.to(device)`; `self.net = m`)."""

from __future__ import annotations

import pytest

from gradfix.runner import Options, process_source

SCRIPT = """import copy

import torch
from torch import nn


class Runner:
    def __init__(self, net, batches):
        self.net = net
        self.batches = batches
        self.opt = torch.optim.SGD(net.parameters(), lr=0.1)

    def train_epoch(self):
        for x, y in self.batches:
            self.opt.zero_grad()
            loss = nn.functional.mse_loss(self.net(x), y)
            loss.backward()
            self.opt.step()

    def evaluate(self):
        self.net.eval()
        with torch.no_grad():
            return sum(float(self.net(x).sum()) for x, _ in self.batches)


net = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.5), nn.Linear(8, 1))
runner = Runner(net, [])
for epoch in range(3):
    runner.train_epoch()
    runner.evaluate()
"""

INLINE = SCRIPT.replace("net = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.5), nn.Linear(8, 1))\nrunner = Runner(net, [])", "runner = Runner(nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.5), nn.Linear(8, 1)), [])")

MOVED = SCRIPT.replace("        self.net = net\n", "        self.net = net.to(torch.float32)\n")
ALIASED = SCRIPT.replace("        self.net = net\n", "        m = net.to(torch.float32)\n        self.net = m\n")
ALIASED_INLINE = INLINE.replace("        self.net = net\n", "        network = net\n        self.net = network.cpu()\n")


def _run(text: str):  # type: ignore[no-untyped-def]
    return process_source("train.py", text.encode(), Options(select=frozenset({"GF017"}), unsafe_fixes=False, fix=True))


@pytest.mark.parametrize(
    ("text", "back"),
    [(SCRIPT, "net.train()"), (INLINE, "runner.net.train()"), (MOVED, "net.train()"), (ALIASED, "net.train()"), (ALIASED_INLINE, "runner.net.train()")],
)
def test_reported_and_switched_back_after_the_evaluation(text: str, back: str) -> None:
    result = _run(text)
    assert [d.code for d in result.diagnostics] == ["GF017"]
    assert result.fixed is not None and result.fixed.decode() == text + f"    {back}\n"
    assert _run(result.fixed.decode()).diagnostics == []


SILENT = {
    "copied": SCRIPT.replace("        self.net = net\n", "        self.net = copy.deepcopy(net)\n"),
    "wrapped": SCRIPT.replace("        self.net = net\n", "        self.net = nn.Sequential(net)\n"),
    "rebound_by_a_method": SCRIPT.replace("    def evaluate(self):", "    def use(self, other):\n        self.net = other\n\n    def evaluate(self):"),
    "parameter_rebound_in_init": SCRIPT.replace("        self.net = net\n", "        self.net = net\n        net = nn.Linear(4, 1)\n"),
    "train_method_switches_back": SCRIPT.replace("    def train_epoch(self):\n", "    def train_epoch(self):\n        self.net.train()\n"),
    "moved_and_switched_back": MOVED.replace("    def train_epoch(self):\n", "    def train_epoch(self):\n        self.net.train()\n"),
    "copied_through_a_local": SCRIPT.replace("        self.net = net\n", "        m = copy.deepcopy(net)\n        self.net = m\n"),
    "local_bound_twice": SCRIPT.replace("        self.net = net\n", "        m = net\n        if not batches:\n            m = nn.Linear(4, 1)\n        self.net = m\n"),
    "copied_then_moved": SCRIPT.replace("        self.net = net\n", "        self.net = copy.deepcopy(net).to(torch.float32)\n"),
}


@pytest.mark.parametrize("shape", sorted(SILENT))
def test_silent_when_the_object_may_not_hold_the_trained_module(shape: str) -> None:
    text = SILENT[shape]
    assert text != SCRIPT
    result = _run(text)
    assert result.diagnostics == [] and result.fixed is None
