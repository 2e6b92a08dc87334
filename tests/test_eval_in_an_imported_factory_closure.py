"""GF017 through a factory imported by name from another module of the project that returns a
tuple of the functions it defines (`run_epoch, evaluate = make_steps(model, opt, ...)` with
`from engine import make_steps`): the evaluating closure's `model.eval()` is the caller's
module's, reported and fixed with `<module>.train()` after the call, as for a factory of the
file. Silent when the closure switches back, when the training closure starts with `train()`,
when the evaluation runs only after the loop, and for a factory of a module that does not
switch modes."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import run_gradfix

ENGINE = """import torch
import torch.nn.functional as F


def make_steps(model, opt, loader, val_loader):
    def run_epoch():
        for x, y in loader:
            opt.zero_grad(set_to_none=True)
            F.cross_entropy(model(x), y).backward()
            opt.step()

    def evaluate():
        model.eval()
        with torch.no_grad():
            return sum(F.cross_entropy(model(x), y).item() for x, y in val_loader)

    return run_epoch, evaluate
"""

SCRIPT = """import torch
from torch import nn

from engine import make_steps

net = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.5), nn.Linear(8, 2))
opt = torch.optim.SGD(net.parameters(), lr=0.1)
loader = [(torch.randn(8, 4), torch.randint(0, 2, (8,))) for _ in range(4)]
run_epoch, evaluate = make_steps(net, opt, loader, loader)
for epoch in range(3):
    run_epoch()
    print(epoch, evaluate())
"""

FUNCTION = """import torch
from torch import nn

from engine import make_steps


def fit(network, batches, rounds):
    sgd = torch.optim.SGD(network.parameters(), lr=0.05, momentum=0.9)
    learn, measure = make_steps(network, sgd, loader=batches, val_loader=batches)
    r = 0
    while r < rounds:
        learn()
        measure()
        r += 1
"""


def _project(tmp_path: Path, script: str, engine: str = ENGINE) -> Path:
    (tmp_path / "engine.py").write_text(engine)
    (tmp_path / "train.py").write_text(script)
    return tmp_path


@pytest.mark.parametrize(("script", "after"), [(SCRIPT, "    print(epoch, evaluate())\n    net.train()\n"), (FUNCTION, "        measure()\n        network.train()\n")])
def test_an_imported_factorys_evaluating_closure_is_switched_back(tmp_path: Path, script: str, after: str) -> None:
    root = _project(tmp_path, script)
    found = run_gradfix("--no-cache", "--select", "GF017", ".", cwd=root)
    assert found.returncode == 1, found.stderr.decode()
    assert found.stdout.decode().count(" GF017 ") == 1
    written = run_gradfix("--no-cache", "--select", "GF017", "--write", ".", cwd=root)
    assert written.returncode in (0, 1), written.stderr.decode()
    text = (root / "train.py").read_text()
    assert text == script.replace(after.split("\n")[0] + "\n", after, 1)
    assert (root / "engine.py").read_text() == ENGINE
    again = run_gradfix("--no-cache", "--select", "GF017", ".", cwd=root)
    assert again.returncode == 0, again.stdout.decode()


SILENT = {
    "closure_switches_back": (SCRIPT, ENGINE.replace("            return sum(", "            total = sum(").replace(
        "for x, y in val_loader)\n", "for x, y in val_loader)\n        model.train()\n        return total\n")),
    "training_closure_switches_first": (SCRIPT, ENGINE.replace("    def run_epoch():\n", "    def run_epoch():\n        model.train()\n")),
    "evaluated_after_the_loop": (SCRIPT.replace("    print(epoch, evaluate())\n", "print(evaluate())\n"), ENGINE),
    "factory_that_never_switches": (SCRIPT, ENGINE.replace("        model.eval()\n", "")),
}


@pytest.mark.parametrize("shape", sorted(SILENT))
def test_silent_when_the_module_is_switched_back_or_never_left_in_eval(tmp_path: Path, shape: str) -> None:
    script, engine = SILENT[shape]
    assert (script, engine) != (SCRIPT, ENGINE)
    root = _project(tmp_path, script, engine)
    done = run_gradfix("--no-cache", "--select", "GF017", ".", cwd=root)
    assert done.returncode == 0, done.stdout.decode()
