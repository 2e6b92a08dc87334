"""GF015 on a window counted by hand (`micro += 1` after the batch) whose test sits in a
`try:` that skips a failing batch (`except RuntimeError: continue`): the test becomes
`(micro + 1) % accum == 0` and the fixed script trains exactly like the hand-fixed one."""

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
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(8)]
accum = 4
losses = []
for epoch in range(3):
    micro = 0
    for x, y in data:
        try:
            loss = nn.functional.mse_loss(model(x), y) / accum
            loss.backward()
            losses.append(loss.item())
            if {test} % accum == 0:
                optimizer.step()
                optimizer.zero_grad()
        except RuntimeError:
            continue
        micro += 1
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_window_counted_by_hand_in_a_try_steps_on_full_windows(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, SCRIPT.format(test="micro"), SCRIPT.format(test="(micro + 1)"), "--select", "GF015")
