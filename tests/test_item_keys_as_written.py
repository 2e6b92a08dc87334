"""A string-keyed item (`env["opt"]`, `env['opt']`) is the same object whatever its quotes:
GF025, GF029 and GF030 read an item built again in a step function the loop calls either way,
and their messages quote the item as the code writes it."""

from __future__ import annotations

import pytest

from gradfix.runner import Options, process_source

STEP_FUNCTION = """import torch
from torch import nn


def prepare(env):
    env[{q}opt{q}] = torch.optim.SGD(env[{q}model{q}].parameters(), lr=0.05, momentum=0.9)


def train_step(env, x, y):
    env[{q}opt{q}].zero_grad()
    {built}
    with torch.autocast("cuda"):
        loss = nn.functional.cross_entropy(env[{q}model{q}](x), y)
    {backward}
    {step}
    return loss.item()


def main(loader):
    env = {{{q}model{q}: nn.Linear(8, 3)}}
    prepare(env)
    for epoch in range(2):
        for x, y in loader:
            train_step(env, x, y)
"""

CASES = {
    "GF030": (
        "env[{q}opt{q}] = torch.optim.SGD(env[{q}model{q}].parameters(), lr=0.05, momentum=0.9)",
        "loss.backward()",
        "env[{q}opt{q}].step()",
        "env[{q}opt{q}]",
    ),
    "GF025": (
        "env[{q}sched{q}] = torch.optim.lr_scheduler.LambdaLR(env[{q}opt{q}], lambda s: 0.9 ** s)",
        "loss.backward()",
        "env[{q}opt{q}].step()\n    env[{q}sched{q}].step()",
        "env[{q}sched{q}]",
    ),
    "GF029": (
        "env[{q}scaler{q}] = torch.amp.GradScaler({d}cuda{d})",
        "env[{q}scaler{q}].scale(loss).backward()",
        "env[{q}scaler{q}].step(env[{q}opt{q}])\n    env[{q}scaler{q}].update()",
        "env[{q}scaler{q}]",
    ),
}


def _findings(code: str, rule: str) -> list:  # type: ignore[type-arg]
    result = process_source("train.py", code.encode(), Options(select=frozenset({rule}), unsafe_fixes=False, fix=False))
    return list(result.diagnostics)


@pytest.mark.parametrize("quote", ['"', "'"])
@pytest.mark.parametrize("rule", sorted(CASES))
def test_an_item_built_again_per_call_is_reported_whatever_its_quotes(rule: str, quote: str) -> None:
    built, backward, step, shown = (part.format(q=quote, d='"') for part in CASES[rule])
    code = STEP_FUNCTION.format(q=quote, built=built, backward=backward, step=step)
    found = _findings(code, rule)
    assert [f.code for f in found] == [rule]
    assert f"`{shown}` is built again on every call of `train_step`" in found[0].message


@pytest.mark.parametrize("quote", ['"', "'"])
def test_an_item_built_once_before_the_loop_is_silent_whatever_its_quotes(quote: str) -> None:
    code = STEP_FUNCTION.format(q=quote, built="pass", backward="loss.backward()", step=f"env[{quote}opt{quote}].step()")
    assert _findings(code, "GF030") == []
