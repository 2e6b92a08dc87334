"""GF005 and GF006 on a window counted by a counter that wraps itself (`micro = (micro + 1) %
N`, the step when it is 0): the loss is backpropagated whole, and the micro-batches after the
epoch's last full window are wiped by the next epoch's clear. gradfix divides the loss by N and
flushes the tail under `if micro != 0:`; the fixed script is the hand fix, trains exactly like
it, and not like the buggy one."""

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
model = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(10)]
ACCUM = 4
losses = []
for epoch in range(3):
    micro = 0
    optimizer.zero_grad()
    for x, y in data:
        micro = (micro + 1) % ACCUM
        loss = nn.functional.mse_loss(model(x), y)
        {backward}
        losses.append(loss.item())
        if micro == 0:
            optimizer.step()
            optimizer.zero_grad()
{flush}
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

FLUSH = """
    # the last micro-batches did not fill a whole window: step on them too
    if micro != 0:
        optimizer.step()
        optimizer.zero_grad()
"""


def test_divided_and_flushed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.format(backward="loss.backward()", flush="")
    hand = SCRIPT.format(backward="(loss / ACCUM).backward()", flush=FLUSH)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005,GF006")
