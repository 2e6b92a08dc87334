"""GF031 (detection only): a scheduler built over an optimizer that the code then replaces
schedules nothing that trains. Run with real torch, the loop of the rule's example trains at
its initial learning rate in every epoch, while the rule's "Use instead" decays it; gradfix
reports the first at the line that replaces the optimizer and stays silent on the second.
The same holds for a trainer whose `unfreeze()` builds a new optimizer under the scheduler
its `__init__` built."""

from __future__ import annotations

from pathlib import Path

import torch

from gradfix.runner import Options, process_source

_HEAD = """
import torch
torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
loader = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
criterion = torch.nn.functional.mse_loss
epochs, rates = 4, []
"""
_BUGGY = """
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)
if plain:
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2, weight_decay=0.0)
"""
_FIXED = """
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2)
if plain:
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2, weight_decay=0.0)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)
"""
_LOOP = """
for epoch in range(epochs):
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
    scheduler.step()
    rates.append(optimizer.param_groups[0]["lr"])
"""
_TRAINER = """
import torch
torch.manual_seed(0)


class Finetune:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(model[1].parameters(), lr=0.1)
        self.scheduler = torch.optim.lr_scheduler.ExponentialLR(self.optimizer, gamma=0.5)

    def unfreeze(self):
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.1)

    def fit(self, loader, epochs, rates):
        for epoch in range(epochs):
            if epoch == 1:
                self.unfreeze()
            for x, y in loader:
                self.optimizer.zero_grad()
                torch.nn.functional.mse_loss(self.model(x), y).backward()
                self.optimizer.step()
            self.scheduler.step()
            rates.append(self.optimizer.param_groups[0]["lr"])


rates = []
Finetune(torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.Linear(4, 1))).fit(
    [(torch.randn(8, 4), torch.randn(8, 1))], 4, rates
)
"""


def _rates(code: str) -> list[float]:
    scope: dict[str, object] = {"plain": True}
    threads = torch.get_num_threads()
    try:
        exec(compile(code, "<gf031>", "exec"), scope)
    finally:
        torch.set_num_threads(threads)
    return scope["rates"]  # type: ignore[return-value]


def _findings(code: str) -> list[tuple[str, int]]:
    result = process_source("gf031.py", code.encode(), Options(select=frozenset({"GF031"}), unsafe_fixes=False, fix=True))
    assert result.error is None, result.error
    assert result.fixed is None  # detection only
    return [(d.code, d.line) for d in result.diagnostics]


def test_the_replaced_optimizer_trains_at_its_initial_rate() -> None:
    buggy = "plain = True\n" + _HEAD + _BUGGY + _LOOP
    fixed = "plain = True\n" + _HEAD + _FIXED + _LOOP
    assert _rates(buggy) == [1e-2] * 4  # the schedule halves the rate of an optimizer that never steps
    assert _rates(fixed) == [5e-3, 2.5e-3, 1.25e-3, 6.25e-4]
    line = buggy.splitlines().index("    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2, weight_decay=0.0)") + 1
    assert _findings(buggy) == [("GF031", line)]
    assert _findings(fixed) == []


def test_an_unfreeze_method_leaves_the_init_scheduler_behind() -> None:
    assert _rates(_TRAINER) == [0.05, 0.1, 0.1, 0.1]  # after `unfreeze()` the rate never moves
    line = _TRAINER.splitlines().index("        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.1)") + 1
    assert _findings(_TRAINER) == [("GF031", line)]


def test_the_fixtures_are_reported_at_the_replacing_line() -> None:
    folder = Path(__file__).parent.parent / "before_after" / "GF031_scheduler_over_replaced_optimizer"
    for path in sorted(folder.glob("*.before.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        found = _findings(path.read_text(encoding="utf-8"))
        assert len(found) == 1, (path.name, found)
        assert "optim" in lines[found[0][1] - 1].split("=", 1)[1], (path.name, lines[found[0][1] - 1])
