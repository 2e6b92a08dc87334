"""GF030 in a mixed-precision loop that steps its optimizer through a GradScaler
(`scaler.step(optimizer)`, no `optimizer.step()` anywhere) and builds the AdamW anew on every
batch: each new optimizer forgets Adam's running averages. gradfix moves the construction
before the loop; the fixed script trains exactly like the hand fix, not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch

torch.manual_seed(0)
torch.set_num_threads(1)
model = torch.nn.Linear(4, 2)
data = [(torch.randn(6, 4), torch.randn(6, 2)) for _ in range(5)]
scaler = torch.amp.GradScaler("cpu")
losses = []
{before}for x, y in data:
{inside}    optimizer.zero_grad()
    with torch.autocast("cpu", dtype=torch.bfloat16):
        loss = torch.nn.functional.mse_loss(model(x).float(), y)
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    losses.append(loss.item())
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

BUILD = "optimizer = torch.optim.AdamW(model.parameters(), lr=0.05)\n"


def test_optimizer_built_once_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.format(before="", inside="    " + BUILD)
    hand = SCRIPT.format(before=BUILD, inside="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF030")
