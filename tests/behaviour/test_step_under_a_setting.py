"""An optimizer stepped under a setting (`if self.train_backbone:`) and never cleared: when the
setting is on, every step applies the sum of all gradients since training began. GF001 clears it
right after its step, under the same test; the script then trains exactly like the hand-fixed one.
An accumulating step helper told by its caller when to step (`if do_step: optimizer.step()`) is
fixed the same way, and keeps its windows."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

BUGGY = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)


class Model:
    def __init__(self, train_backbone):
        self.backbone = nn.Sequential(nn.Linear(6, 12), nn.Tanh())
        self.head = nn.Linear(12, 1)
        self.train_backbone = train_backbone
        self.head_opt = torch.optim.SGD(self.head.parameters(), lr=0.05)
        self.backbone_opt = torch.optim.SGD(self.backbone.parameters(), lr=0.05)

    def fit(self, loader, epochs):
        losses = []
        for epoch in range(epochs):
            for x, y in loader:
                self.head_opt.zero_grad()
                features = self.backbone(x)
                if not self.train_backbone:
                    features = features.detach()
                loss = nn.functional.mse_loss(self.head(features), y)
                loss.backward()
                self.head_opt.step()
                if self.train_backbone:
                    self.backbone_opt.step()
                losses.append(loss.item())
        return losses


data = torch.randn(48, 6)
target = data[:, :1] * 2 - data[:, 1:2]
loader = [(data[i : i + 8], target[i : i + 8]) for i in range(0, 48, 8)]
model = Model(train_backbone=True)
losses = model.fit(loader, epochs=3)
digest = hashlib.sha256()
for module in (model.backbone, model.head):
    for param in module.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''
HAND = BUGGY.replace(
    "                    self.backbone_opt.step()\n",
    "                    self.backbone_opt.step()\n                    self.backbone_opt.zero_grad(set_to_none=True)\n",
)


def test_step_under_a_setting_cleared_trains_like_the_hand_fix(tmp_path: Path) -> None:
    assert HAND != BUGGY
    assert_fixed_like_hand(tmp_path, BUGGY, HAND, "--select", "GF001")


HELPER_BUGGY = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)


def backward_step(loss, optimizer, do_step):
    loss.backward()
    if do_step:
        optimizer.step()


model = nn.Linear(6, 3)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
data = torch.randn(64, 6)
labels = (data[:, 0] > 0).long() + (data[:, 1] > 0).long()
losses = []
for epoch in range(2):
    for i in range(16):
        x, y = data[i * 4 : i * 4 + 4], labels[i * 4 : i * 4 + 4]
        loss = nn.functional.cross_entropy(model(x), y) / 4
        backward_step(loss, optimizer, do_step=(i + 1) % 4 == 0)
        losses.append(loss.item())
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''
HELPER_HAND = HELPER_BUGGY.replace(
    "        optimizer.step()\n", "        optimizer.step()\n        optimizer.zero_grad(set_to_none=True)\n"
)


def test_step_helper_told_when_to_step_keeps_its_windows(tmp_path: Path) -> None:
    assert HELPER_HAND != HELPER_BUGGY
    assert_fixed_like_hand(tmp_path, HELPER_BUGGY, HELPER_HAND, "--select", "GF001")
