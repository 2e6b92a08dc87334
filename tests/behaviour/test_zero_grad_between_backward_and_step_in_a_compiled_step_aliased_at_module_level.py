"""GF002 in a batch step run through a module-level `step_fn = torch.compile(train_step,
backend="eager")` that `main()` calls per batch: the clear between the backward and the step
wipes the gradients, and the optimizer never moves the weights. The fixed script (the clear
moved before the forward pass) trains exactly like the hand fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn as nn

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(24, 5), torch.randint(0, 2, (24,))


def train_step(model, opt, x, y, losses):
BODY
    losses.append(loss.item())


step_fn = torch.compile(train_step, backend="eager")


def main():
    model = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    losses = []
    for epoch in range(2):
        for i in range(0, 24, 6):
            step_fn(model, opt, X[i : i + 6], Y[i : i + 6], losses)
    digest = hashlib.sha256()
    for param in model.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))


main()
'''

BUGGY = """    loss = nn.functional.cross_entropy(model(x), y)
    loss.backward()
    opt.zero_grad()
    opt.step()"""

HAND = """    opt.zero_grad()
    loss = nn.functional.cross_entropy(model(x), y)
    loss.backward()
    opt.step()"""


def test_clear_between_backward_and_step_in_a_compiled_step_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, SCRIPT.replace("BODY", BUGGY), SCRIPT.replace("BODY", HAND), "--select", "GF002")
