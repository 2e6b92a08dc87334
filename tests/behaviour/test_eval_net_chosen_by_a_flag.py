"""GF017 on a network to evaluate picked by a flag parameter (`net = ema_model if use_ema else
model`): called with `use_ema=False`, the trained model is left in eval mode after the first
epoch. The fix switches the trained model back at the top of each epoch; the fixed script
trains exactly like the hand-fixed one (dropout on in every epoch), the buggy one otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import copy
import hashlib
import json

import torch
from torch import nn


def fit(model, data, epochs, use_ema=False):
    ema_model = copy.deepcopy(model)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    losses = []
    model.train()
    for epoch in range(epochs):
{restore}        for x, y in data:
            optimizer.zero_grad()
            loss = nn.functional.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
            with torch.no_grad():
                for e, p in zip(ema_model.parameters(), model.parameters()):
                    e.mul_(0.9).add_(p, alpha=0.1)
        net = ema_model if use_ema else model
        net.eval()
        with torch.no_grad():
            losses.append(sum(nn.functional.mse_loss(net(x), y).item() for x, y in data))
    return losses


torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Dropout(0.5), nn.Linear(16, 1))
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
losses = fit(model, data, 3)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_trained_arm_switched_back_each_epoch(tmp_path: Path) -> None:
    buggy = SCRIPT.format(restore="")
    hand = SCRIPT.format(restore="        model.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")


# `net = ema_model if USE_EMA else model` with a module constant `USE_EMA = False`, `net` bound
# in the epoch after its training: the fix switches back `model` (the module the constant
# picks) at the top of each epoch, where `net` is not bound yet in the first one.
CONSTANT_SCRIPT = '''import copy
import hashlib
import json

import torch
from torch import nn

USE_EMA = False

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Dropout(0.5), nn.Linear(16, 1))
ema_model = copy.deepcopy(model)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
losses = []
model.train()
for epoch in range(3):
{restore}    for x, y in data:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
        with torch.no_grad():
            for e, p in zip(ema_model.parameters(), model.parameters()):
                e.mul_(0.9).add_(p, alpha=0.1)
    net = ema_model if USE_EMA else model
    net.eval()
    with torch.no_grad():
        losses.append(sum(nn.functional.mse_loss(net(x), y).item() for x, y in data))
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_module_constant_arm_switched_back_before_it_is_bound(tmp_path: Path) -> None:
    buggy = CONSTANT_SCRIPT.format(restore="")
    hand = CONSTANT_SCRIPT.format(restore="    model.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
