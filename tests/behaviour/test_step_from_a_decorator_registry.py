"""GF001 on a batch step registered by a decorator (`@register_step("plain")` filling `STEPS =
{}`) and called from a trainer's loop through the dict with a key read at run time
(`STEPS[self.kind](self, batch)`): the step never clears, so every update adds the gradients of
all earlier batches. The fixed script trains exactly like the hand fix, not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(24, 4), torch.randn(24, 1)
STEPS = {}
losses = []


def register_step(name):
    def deco(fn):
        STEPS[name] = fn
        return fn

    return deco


@register_step("plain")
def plain_step(tr, batch):
CLEAR    x, y = batch
    loss = torch.nn.functional.mse_loss(tr.model(x), y)
    loss.backward()
    tr.optimizer.step()
    losses.append(loss.item())


class Trainer:
    kind = "plain"

    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)

    def fit(self, epochs):
        for _ in range(epochs):
            for i in range(0, 24, 6):
                STEPS[self.kind](self, (X[i : i + 6], Y[i : i + 6]))


model = torch.nn.Linear(4, 1)
Trainer(model).fit(3)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_decorator_registered_step_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("CLEAR", "")
    hand = SCRIPT.replace("CLEAR", "    tr.optimizer.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")
