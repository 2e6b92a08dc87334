"""variants52w's `pgd_opt_per_batch` / `ddpm_opt_rebuilt` (fix53-l): GF030 on an optimizer
built before the epochs and again, written the same, in each batch. The fix deletes the
construction in the loop (the one before it is what moving it would write); the fixed script
trains like the hand fix, the buggy one (a fresh momentum buffer each batch) does not."""

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
opt = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)
DATA = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
losses = []
for epoch in range(3):
    for x, y in DATA:
{again}        opt.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        losses.append(loss.item())
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_repeated_construction_in_the_batch_loop_removed(tmp_path: Path) -> None:
    buggy = SCRIPT.format(again="        opt = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)\n")
    hand = SCRIPT.format(again="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF030")
