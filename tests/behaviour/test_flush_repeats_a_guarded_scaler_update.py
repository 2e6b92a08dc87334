"""GF006 on an AMP accumulation window whose `scaler.update()` is written as
`scaler.update() if scaler is not None else None`, or alone under `if scaler is not None:`. The
flush after the loop must repeat it: without it the scaler stays stepped, and the next epoch's
first `scaler.step(...)` raises. The fixed script trains exactly like the hand-fixed one."""

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
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
scaler = torch.amp.GradScaler("cpu", init_scale=1024.0)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(10)]
losses = []
for epoch in range(3):
BIND    for i, (x, y) in enumerate(data):
        loss = nn.functional.mse_loss(model(x), y)
        scaler.scale(loss / ACCUM).backward()
        losses.append(loss.item())
        if (i + 1) % ACCUM == 0:
            scaler.step(optimizer)
UPDATE
            optimizer.zero_grad()
FLUSHdigest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''
# the fix binds the index the flush reads before the loop too (a loader with no batch)
BIND = "    i = -1  # the flush after the loop reads it, also when the loop runs no batch\n"
INLINE = "            scaler.update() if scaler is not None else None"
BLOCK = "            if scaler is not None:\n                scaler.update()"


@pytest.mark.parametrize("update", [INLINE, BLOCK], ids=["conditional-expression", "if-block"])
def test_the_flush_updates_the_scaler_too(tmp_path: Path, update: str) -> None:
    buggy = SCRIPT.replace("UPDATE", update).replace("BIND", "").replace("FLUSH", "")
    repeated = "\n".join(line[4:] for line in update.splitlines())
    flush = (
        "\n"
        "    # the last micro-batches did not fill a whole window: step on them too\n"
        "    if (i + 1) % ACCUM != 0:\n"
        "        scaler.step(optimizer)\n"
        f"{repeated}\n"
        "        optimizer.zero_grad()\n"
    )
    hand = SCRIPT.replace("UPDATE", update).replace("BIND", BIND).replace("FLUSH", flush)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF006")
