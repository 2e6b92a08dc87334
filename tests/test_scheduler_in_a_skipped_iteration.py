"""GF012 on `if epoch == 0: scheduler.step(); continue` (sweep56a, GraphMAE2's fine-tuning
loop): the first iteration steps the scheduler and skips the rest, the optimizer's step
included. The scheduler still steps before any optimizer step (torch warns) and the schedule's
first value is never trained with, so the finding stays, without a fix; its message says that
iteration skips the optimizer's step instead of naming one "in the same iteration". Every other
GF012 message is unchanged: the same test without the `continue` (or with the `continue` in
another arm) keeps the old message."""

from __future__ import annotations

import warnings

import torch

from gradfix.runner import Options, process_source

SKIPPED = """import torch
import torch.nn.functional as F

model = torch.nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda e: 0.5 ** e)
batches = [(torch.randn(2, 4), torch.randn(2, 2))] * 3

for epoch in range(EPOCHS):
    if epoch == 0:
        sched.step()
        continue
    for x, y in batches:
        opt.zero_grad()
        F.mse_loss(model(x), y).backward()
        opt.step()
    sched.step()
"""

NO_CONTINUE = SKIPPED.replace("        continue\n", "")


def _findings(text: str) -> list:
    result = process_source("train.py", text.encode(), Options(select=frozenset({"GF012"}), fix=False))
    assert result.error is None
    return result.diagnostics


def test_the_skipped_iteration_is_reported_without_a_fix_and_says_what_happens() -> None:
    findings = _findings(SKIPPED)
    assert len(findings) == 1
    assert findings[0].fix_safety is None
    assert findings[0].message == (
        "`sched.step()` runs in the first iteration, which skips `opt.step()` (`continue`): the scheduler"
        " steps before any optimizer step and the first learning rate is never trained with"
    )


def test_the_same_test_without_the_continue_keeps_the_same_iteration_message() -> None:
    findings = _findings(NO_CONTINUE)
    assert len(findings) == 1
    assert findings[0].message == "`sched.step()` runs before `opt.step()` in the same iteration: the first learning rate is skipped"


def test_a_continue_in_another_arm_keeps_the_same_iteration_message() -> None:
    text = SKIPPED.replace(
        "    if epoch == 0:\n        sched.step()\n        continue\n",
        "    if epoch == 0:\n        sched.step()\n    elif epoch == 99:\n        continue\n",
    )
    findings = _findings(text)
    assert len(findings) == 1
    assert "in the same iteration" in findings[0].message


def test_the_message_is_true_with_real_torch() -> None:
    # the first iteration's scheduler step comes before any optimizer step (torch warns), and
    # the schedule's first value (lr 0.1) is never the rate of an optimizer step
    namespace: dict = {"EPOCHS": 3}
    rates: list[float] = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        code = SKIPPED.replace("        opt.step()\n", "        rates.append(opt.param_groups[0]['lr'])\n        opt.step()\n")
        namespace["rates"] = rates
        torch.manual_seed(0)
        exec(compile(code, "train.py", "exec"), namespace)
    assert any("before `optimizer.step()`" in str(w.message) for w in caught)
    assert rates and 0.1 not in rates
    assert rates[0] == 0.05
