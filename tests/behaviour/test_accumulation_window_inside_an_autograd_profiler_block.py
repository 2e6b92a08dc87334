"""GF005 on a window counted by hand inside `with torch.autograd.profiler.profile(...)` (the
whole step timed per batch): the profiler's name says `autograd`, yet it never touches a
`.grad`, so the window's full micro-batch losses are still summed into one step,
accum_count times too large. The fixed script trains exactly like the hand fix (the loss
divided by the window), not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json
from types import SimpleNamespace

import torch

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(28, 4), torch.randn(28, 1)
loader = [(X[i : i + 4], Y[i : i + 4]) for i in range(0, 28, 4)]
cfg = SimpleNamespace(accum_count=3, max_norm=10.0, profile=False)
losses = []
net = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.05)
pending = 0
for epoch in range(2):
    for x, y in loader:
        with torch.autograd.profiler.profile(enabled=cfg.profile) as prof:
            loss = torch.nn.functional.mse_loss(net(x), y)
            BACKWARD
            losses.append(loss.item())
            pending += 1
            if pending == cfg.accum_count:
                torch.nn.utils.clip_grad_norm_(net.parameters(), cfg.max_norm)
                opt.step()
                net.zero_grad()
                pending = 0
if pending:
    opt.step()
    net.zero_grad()
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_window_inside_an_autograd_profiler_block_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("BACKWARD", "loss.backward()")
    hand = SCRIPT.replace("BACKWARD", "(loss / cfg.accum_count).backward()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005")
