"""GF030 on an optimizer whose class is looked up by a literal name, rebuilt on every batch
(`optimizer = getattr(torch.optim, "AdamW")(model.parameters(), lr=...)` in the batch loop):
each new AdamW starts with empty moments and a step count of zero. The fix builds it once before
the epochs; the fixed script trains exactly like the hand fix, the buggy one otherwise."""

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
losses = []


def run(model, epochs):
BEFORE    for _ in range(epochs):
        for i in range(0, 24, 6):
INSIDE            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(model(X[i : i + 6]), Y[i : i + 6])
            loss.backward()
            optimizer.step()
            losses.append(loss.item())


model = torch.nn.Linear(4, 1)
run(model, 3)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

BUILD = 'optimizer = getattr(torch.optim, "AdamW")(model.parameters(), lr=0.01)\n'


def test_looked_up_optimizer_built_once_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("BEFORE", "").replace("INSIDE", "            " + BUILD)
    hand = SCRIPT.replace("BEFORE", "    " + BUILD).replace("INSIDE", "")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF030")
