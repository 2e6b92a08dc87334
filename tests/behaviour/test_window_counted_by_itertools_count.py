"""GF015 on an accumulation window counted by `i = next(counter)` over `counter =
itertools.count()` made afresh each epoch: `i % ACCUM == 0` steps after the first micro-batch,
so every window is shifted by one. The fixed script trains exactly like the hand fix, not like
the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import itertools
import json

import torch

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(28, 4), torch.randn(28, 1)
loader = [(X[i : i + 4], Y[i : i + 4]) for i in range(0, 28, 4)]
ACCUM = 3
model = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
losses = []
for epoch in range(3):
    counter = itertools.count()
    for x, y in loader:
        i = next(counter)
        loss = torch.nn.functional.mse_loss(model(x), y)
        (loss / ACCUM).backward()
        losses.append(loss.item())
        if WINDOW or i + 1 == len(loader):
            opt.step()
            opt.zero_grad()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_window_counted_by_itertools_count_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("WINDOW", "i % ACCUM == 0")
    hand = SCRIPT.replace("WINDOW", "(i + 1) % ACCUM == 0")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF015")
