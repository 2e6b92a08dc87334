"""GF023 with the scaler kept two attributes deep (`self.state.scaler`: a namespace or a
`@dataclass` the step object stores from its `__init__`, built with `scaler=GradScaler(...)`):
`self.optimizer.step()` after the scaled backward is replaced by the scaler's step and update,
and the fixed script trains exactly like the hand fix (the buggy one steps with gradients still
multiplied by the loss scale, and trains otherwise)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json
import types
from dataclasses import dataclass

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
data = [(torch.randn(16, 4), torch.randn(16, 1)) for _ in range(8)]
losses = []


@dataclass
class Amp:
    scaler: object = None
    steps: int = 0


class Step:
    def __init__(self, model, optimizer, state):
        self.model = model
        self.optimizer = optimizer
        self.state = state

    def __call__(self, x, y):
        self.optimizer.zero_grad()
        loss = nn.functional.mse_loss(self.model(x), y)
        self.state.scaler.scale(loss).backward()
{step}
        return loss.item()


model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
state = {state}
step = Step(model, optimizer, state)
k = 0
while k < 24:
    x, y = data[k % len(data)]
    losses.append(step(x, y))
    k += 1
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
BUGGY = "        self.optimizer.step()"
HAND = """        self.state.scaler.step(self.optimizer)
        self.state.scaler.update()"""
STATES = {
    "namespace": 'types.SimpleNamespace(scaler=torch.amp.GradScaler("cpu", init_scale=4.0), epoch=0)',
    "dataclass": 'Amp(scaler=torch.amp.GradScaler("cpu", init_scale=4.0))',
}


@pytest.mark.parametrize("state", sorted(STATES))
def test_the_scaler_two_attributes_deep_steps_after_the_fix(tmp_path: Path, state: str) -> None:
    buggy = SCRIPT.format(step=BUGGY, state=STATES[state])
    hand = SCRIPT.format(step=HAND, state=STATES[state])
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF023", "--unsafe-fixes")
