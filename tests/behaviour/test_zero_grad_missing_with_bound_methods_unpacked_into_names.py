"""GF001 on a loop that calls an optimizer's methods through names unpacked from a tuple
(`advance, reset = opt.step, opt.zero_grad`), clearing only once, before the epochs: every
step applies the gradients summed since the first batch. The fixed script (a clear at the top
of each batch) trains exactly like the hand fix."""

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
X, Y = torch.randn(32, 6), torch.randn(32, 1)


def fit(model, epochs):
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    advance, reset = opt.step, opt.zero_grad
    reset()
    losses = []
    epoch = 0
    while epoch < epochs:
        for i in range(0, 32, 8):
BODY
            loss = nn.functional.mse_loss(model(X[i : i + 8]), Y[i : i + 8])
            loss.backward()
            advance()
            losses.append(loss.item())
        epoch += 1
    return losses


model = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 1))
losses = fit(model, 3)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_missing_clear_with_unpacked_bound_methods_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("BODY\n", "")
    hand = SCRIPT.replace("BODY", "            opt.zero_grad(set_to_none=True)")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")
