"""GF006 on an accumulation loop followed by a per-epoch learning-rate scheduler step (which
applies no gradient): the flush goes after the batch loop, before the scheduler steps. The
fixed script trains exactly like the hand-fixed one, whose last micro-batches of each epoch
reach the optimizer instead of being wiped by the next epoch's clear."""

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
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(10)]
losses = []
for epoch in range(3):
    optimizer.zero_grad()
{bind}    for i, (x, y) in enumerate(data):
        loss = nn.functional.mse_loss(model(x), y)
        (loss / ACCUM).backward()
        losses.append(loss.item())
        if (i + 1) % ACCUM == 0:
            optimizer.step()
            optimizer.zero_grad()
{flush}    scheduler.step()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
FLUSH = """
    # the last micro-batches did not fill a whole window: step on them too
    if (i + 1) % ACCUM != 0:
        optimizer.step()
        optimizer.zero_grad()
"""
# the fix binds the index the flush reads before the loop too (a loader with no batch)
BIND = "    i = -1  # the flush after the loop reads it, also when the loop runs no batch\n"


def test_flush_goes_before_the_epoch_scheduler_step(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, SCRIPT.format(bind="", flush=""), SCRIPT.format(bind=BIND, flush=FLUSH), "--select", "GF006")
