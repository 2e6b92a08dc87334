"""GF001 on a step under an upper bound (`if iteration < iterations:`) in a module that never
clears: the clear goes right after the step, under the same test, and the fixed script trains
exactly like its hand-fixed twin."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.5)
data = [(torch.randn(16, 4), torch.randn(16, 1)) for _ in range(12)]
losses = []
for iteration, (x, y) in enumerate(data, start=1):
{top}    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    losses.append(loss.item())
    with torch.no_grad():
        if {test}:
            optimizer.step()
{after}digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
CLEAR = "optimizer.zero_grad(set_to_none=True)\n"


def test_clear_after_the_step_under_an_upper_bound(tmp_path: Path) -> None:
    buggy = SCRIPT.format(top="", test="iteration < 10", after="")
    hand = SCRIPT.format(top="", test="iteration < 10", after="            " + CLEAR)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")

