"""variants52w's `amp_scaler_per_step` (fix53-l): GF029 on a GradScaler built before the loop
and again, written the same, in each iteration. The fix deletes the one in the loop; the fixed
script trains like the hand fix. The scale starts so high that the first steps overflow: the
scaler kept across steps halves it until steps go through, a new one each step skips them all."""

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
opt = torch.optim.SGD(model.parameters(), lr=0.01)
scaler = torch.amp.GradScaler("cpu", init_scale=2.0 ** 126)
DATA = [(torch.randn(8, 4), 10 * torch.randn(8, 1)) for _ in range(4)]
losses = []
for epoch in range(4):
    for x, y in DATA:
{again}        opt.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
        losses.append(loss.item())
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_repeated_scaler_in_the_batch_loop_removed(tmp_path: Path) -> None:
    buggy = SCRIPT.format(again='        scaler = torch.amp.GradScaler("cpu", init_scale=2.0 ** 126)\n')
    hand = SCRIPT.format(again="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF029")
