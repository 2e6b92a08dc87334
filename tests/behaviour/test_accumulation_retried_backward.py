"""GF005 on an accumulation window whose backward sits in a `try` and is retried in the
`except` handler: both are divided by the window's size, and the fixed script trains exactly
like the hand-fixed one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

STEP_PER_UPDATE = 4
torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
batches = [(torch.randn(8, 3), torch.randn(8, 1)) for _ in range(12)]
losses = []
for epoch in range(2):
    num_iter = 0
    for x, y in batches:
        num_iter += 1
        loss = nn.functional.mse_loss(model(x), y)
        losses.append(loss.item())
        try:
            {first}.backward()
        except RuntimeError:
            loss = loss.mean()
            {second}.backward()
        if num_iter == STEP_PER_UPDATE:
            num_iter = 0
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_both_backward_calls_divided(tmp_path: Path) -> None:
    buggy = SCRIPT.format(first="loss", second="loss")
    hand = SCRIPT.format(first="(loss / STEP_PER_UPDATE)", second="(loss / STEP_PER_UPDATE)")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005")
