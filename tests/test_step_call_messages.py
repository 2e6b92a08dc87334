"""GF001's message names the call that steps when it is not `<opt>.step()` itself: a
`GradScaler`'s `scaler.step(opt)` (positional or `optimizer=`), in a loop or a trainer method
holding the scaler on `self`; the optimizer's own step keeps
`<opt>.step()`."""

from __future__ import annotations

import pytest

from gradfix.runner import Options, process_source

LOOP = """import torch

model = torch.nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cuda")
batches = [(torch.randn(3, 4), torch.randn(3, 2))] * 3
for x, y in batches:
    with torch.autocast("cuda"):
        loss = torch.nn.functional.mse_loss(model(x), y)
    scaler.scale(loss).backward()
    {step}
    scaler.update()
"""

METHOD = """import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
        self.grad_scaler = torch.cuda.amp.GradScaler()

    def fit(self, loader):
        step = 0
        while step < len(loader):
            x, y = loader[step]
            with torch.autocast("cuda"):
                loss = (self.model(x) - y).pow(2).mean()
            self.grad_scaler.scale(loss).backward()
            self.grad_scaler.step(self.optimizer)
            self.grad_scaler.update()
            step += 1
"""


def _messages(text: str) -> list[str]:
    result = process_source("train.py", text.encode(), Options(select=frozenset({"GF001"}), unsafe_fixes=False, fix=False))
    assert result.error is None, result.error
    return [d.message for d in result.diagnostics]


@pytest.mark.parametrize("step", ["scaler.step(opt)", "scaler.step(optimizer=opt)"])
def test_scaler_step_is_named(step: str) -> None:
    assert _messages(LOOP.format(step=step)) == [
        f"`{step}` steps `opt` with gradients accumulated since the loop began: clear them each iteration"
    ]


def test_scaler_on_self_in_a_while_loop_is_named() -> None:
    assert _messages(METHOD) == [
        "`self.grad_scaler.step(self.optimizer)` steps `self.optimizer` with gradients accumulated since the loop began:"
        " clear them each iteration"
    ]


def test_the_optimizer_own_step_keeps_its_message() -> None:
    text = LOOP.format(step="opt.step()").replace("    scaler.update()\n", "")
    assert _messages(text) == ["`opt.step()` applies gradients accumulated since the loop began: clear them each iteration"]
