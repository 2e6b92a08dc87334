"""GF015 on a window tested in the loop over an ensemble's members, inside the batch loop, with
the batch loop's `enumerate` index (`for i, (x, y) in enumerate(loader):` ... `for model, opt in
members:` ... `if i % ACCUM == 0 or i + 1 == len(loader):`): each member steps after its first
micro-batch and every window is shifted by one. The fixed script trains each member exactly
like the hand fix, not like the buggy one."""

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
X, Y = torch.randn(40, 4), torch.randn(40, 1)
loader = [(X[i : i + 4], Y[i : i + 4]) for i in range(0, 40, 4)]
ACCUM = 3
members = []
for seed in range(2):
    torch.manual_seed(seed)
    net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
    members.append((net, torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)))
losses = []
for epoch in range(2):
    for i, (x, y) in enumerate(loader):
        for net, opt in members:
            loss = torch.nn.functional.mse_loss(net(x), y)
            (loss / ACCUM).backward()
            losses.append(loss.item())
            if WINDOW or i + 1 == len(loader):
                opt.step()
                opt.zero_grad()
digest = hashlib.sha256()
for net, _ in members:
    for param in net.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_window_of_ensemble_members_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("WINDOW", "i % ACCUM == 0")
    hand = SCRIPT.replace("WINDOW", "(i + 1) % ACCUM == 0")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF015")
