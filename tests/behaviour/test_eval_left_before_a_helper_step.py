"""GF017 on an epoch loop that trains through a helper function (`train_step(net, opt, x, y)`)
over a model the same function builds, and evaluates at the end of each epoch with
`net.eval()`: from the second epoch on, dropout and batch norm train in inference mode. The
fixed script trains exactly like the hand fix, not like the buggy one."""

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
X, Y = torch.randn(24, 4), torch.randint(0, 3, (24,))
losses = []


def train_step(net, opt, x, y):
    opt.zero_grad()
    loss = nn.functional.cross_entropy(net(x), y)
    loss.backward()
    opt.step()
    losses.append(loss.item())


def fit(epochs):
    torch.manual_seed(1)
    net = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Dropout(0.3), nn.Linear(8, 3))
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    net.train()
    for epoch in range(epochs):
TRAIN        for i in range(0, 24, 6):
            train_step(net, opt, X[i : i + 6], Y[i : i + 6])
        net.eval()
        with torch.no_grad():
            losses.append(nn.functional.cross_entropy(net(X), Y).item())
    return net


net = fit(3)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_eval_before_a_helper_trained_epoch_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("TRAIN", "")
    hand = SCRIPT.replace("TRAIN", "        net.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
