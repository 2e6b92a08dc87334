"""GF030 on an Adam built at every epoch's start through `getattr(torch.optim, OPTIMIZER)`,
`OPTIMIZER = "Adam"` bound once at the module's top level: each epoch starts with empty
moments. The fixed script (the construction hoisted above the epoch loop) trains exactly like
the hand fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn as nn

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(24, 5), torch.randint(0, 3, (24,))
OPTIMIZER = "Adam"


def train(net, epochs):
    losses = []
BEFORE
    for epoch in range(epochs):
EPOCH
        for i in range(0, 24, 6):
            opt.zero_grad(set_to_none=True)
            loss = nn.functional.cross_entropy(net(X[i : i + 6]), Y[i : i + 6])
            loss.backward()
            opt.step()
            losses.append(loss.item())
    return losses


net = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 3))
losses = train(net, 3)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

BUILD = "opt = getattr(torch.optim, OPTIMIZER)(net.parameters(), lr=1e-2)"


def test_optimizer_looked_up_by_a_name_rebuilt_each_epoch_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("BEFORE\n", "").replace("EPOCH", "        " + BUILD)
    hand = SCRIPT.replace("BEFORE", "    " + BUILD).replace("EPOCH\n", "")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF030")
