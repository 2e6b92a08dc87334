"""A window cleared and stepped under the same `i % N == 0` test: the clear at the top of the
iteration wipes the N - 1 micro-batches before, so every step applies one micro-batch (the
shape of CROWN-IBP's training loop, written with an undivided loss). Dividing the loss alone
(GF005) would only shrink those one-micro-batch steps; gradfix instead moves the step's test to
`(i + 1) % N == 0` (GF015) and then divides (GF005): the script trains exactly like the hand
fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

BUGGY = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
N = 4
model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(14)]
losses = []
for epoch in range(2):
    for i, (x, y) in enumerate(data):
        if i % N == 0:
            opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        if i % N == 0 or i == len(data) - 1:
            opt.step()
        losses.append(loss.item())
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''
HAND = BUGGY.replace("        loss.backward()\n", "        (loss / N).backward()\n").replace(
    "        if i % N == 0 or i == len(data) - 1:\n", "        if (i + 1) % N == 0 or i == len(data) - 1:\n"
)


def test_window_cleared_where_it_steps_trains_like_the_hand_fix(tmp_path: Path) -> None:
    assert HAND.count("(loss / N).backward()") == 1 and HAND.count("(i + 1) % N") == 1
    assert_fixed_like_hand(tmp_path, BUGGY, HAND, "--select", "GF005,GF015")
