"""A batch step run through a module-level `step_fn = torch.compile(train_step,
backend="eager")`: GF030 on the Adam `main()` builds at every epoch's start and hands to it
(each epoch starts with empty moments), GF018 on the softmax probabilities handed to the
CrossEntropyLoss `main()` builds and hands to it. Each fixed script trains exactly like its
hand fix."""

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
X, Y = torch.randn(24, 5), torch.randint(0, 3, (24,))


def train_step(model, criterion, opt, x, y, losses):
    opt.zero_grad()
    loss = criterion(OUTPUT, y)
    loss.backward()
    opt.step()
    losses.append(loss.item())


step_fn = torch.compile(train_step, backend="eager")


def main():
    model = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 3))
    criterion = nn.CrossEntropyLoss()
    losses = []
BEFORE
    for epoch in range(3):
EPOCH
        for i in range(0, 24, 6):
            step_fn(model, criterion, opt, X[i : i + 6], Y[i : i + 6], losses)
    digest = hashlib.sha256()
    for param in model.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))


main()
'''

ADAM = "opt = torch.optim.Adam(model.parameters(), lr=1e-2)"


def test_optimizer_rebuilt_each_epoch_for_a_compiled_step_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    script = SCRIPT.replace("OUTPUT", "model(x)")
    buggy = script.replace("BEFORE\n", "").replace("EPOCH", "        " + ADAM)
    hand = script.replace("BEFORE", "    " + ADAM).replace("EPOCH\n", "")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF030")


def test_softmax_into_the_criterion_of_a_compiled_step_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    script = SCRIPT.replace("BEFORE", "    " + ADAM).replace("EPOCH\n", "")
    buggy = script.replace("OUTPUT", "torch.softmax(model(x), dim=1)")
    hand = script.replace("OUTPUT", "model(x)")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF018")
