"""GF029 on a scaler built on every epoch and stepped with by a closure the batch loop calls
(`def step(x, y): ... scaler.step(optimizer)` inside `train()`): with an initial scale at which
the gradients overflow, each new scaler skips its first steps again. The fix builds it once
before the epoch loop, and the fixed script trains exactly like its hand-fixed twin; the buggy
one trains otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), 8.0 * torch.randn(32, 2)
loader = [(X[i : i + 8], Y[i : i + 8]) for i in range(0, 32, 8)]
losses = []


def train(model, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)

    def step(x, y):
        optimizer.zero_grad()
        loss = F.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        losses.append(loss.item())

{before}    for epoch in range(epochs):
{inside}        for x, y in loader:
            step(x, y)


model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
train(model, 3)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
BUILD = 'scaler = torch.amp.GradScaler("cpu", init_scale=2.0**123, growth_interval=3)\n'


def test_scaler_of_a_closure_built_once(tmp_path: Path) -> None:
    buggy = SCRIPT.format(before="", inside="        " + BUILD)
    hand = SCRIPT.format(before="    " + BUILD, inside="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF029")
