"""GF006 on a `while True:` loop over `iter(loader)` (`next()` until `StopIteration`) that also
stops at a step budget (`if updates >= budget: break` after the window's `if`): the flush goes
after the loop, under the negated window test, and the fixed script trains exactly like the
hand-fixed one."""

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
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(7)]
accum = 3
budget = 17
losses = []
updates = 0
for epoch in range(3):
    batches = iter(data)
    k = 0
    while True:
        try:
            x, y = next(batches)
        except StopIteration:
            break
        k += 1
        loss = nn.functional.mse_loss(model(x), y) / accum
        loss.backward()
        losses.append(loss.item())
        if k % accum == 0:
            optimizer.step()
            optimizer.zero_grad()
        updates += 1
        if updates >= budget:
            break
{flush}digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
FLUSH = """
    # the last micro-batches did not fill a whole window: step on them too
    if k % accum != 0:
        optimizer.step()
        optimizer.zero_grad()
"""


def test_flush_after_a_drained_iterator_stopped_by_a_budget(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, SCRIPT.format(flush=""), SCRIPT.format(flush=FLUSH), "--select", "GF006")
