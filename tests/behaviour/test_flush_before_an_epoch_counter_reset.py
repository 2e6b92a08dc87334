"""GF006 on a window counter set to 0 before the epochs and set back to 0 after each epoch's
batch loop: each pass counts afresh, so the tail of each epoch stays in the gradients (and
spills into the next epoch's first window). The flush goes after the batch loop, before the
reset, and the fixed script trains exactly like the hand-fixed one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

ACCUM = 4
torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(10)]
losses = []
micro = 0
for epoch in range(3):
    for x, y in data:
        loss = nn.functional.mse_loss(model(x), y)
        (loss / ACCUM).backward()
        losses.append(loss.item())
        micro += 1
        if micro % ACCUM == 0:
            optimizer.step()
            optimizer.zero_grad()
{flush}    micro = 0
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
FLUSH = """
    # the last micro-batches did not fill a whole window: step on them too
    if micro % ACCUM != 0:
        optimizer.step()
        optimizer.zero_grad()
"""


def test_flush_goes_before_the_counter_reset(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, SCRIPT.format(flush=""), SCRIPT.format(flush=FLUSH), "--select", "GF006")
