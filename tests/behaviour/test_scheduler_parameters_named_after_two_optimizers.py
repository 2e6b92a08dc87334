"""GF012 on two schedulers handed to an epoch function whose batch loop steps one optimizer
and a second loop after it steps the other (adaptive-aggregation-networks' `tg_lr_scheduler`
and `fusion_lr_scheduler`): gradfix does not see what each was built over, so it pairs them
by name (`mix_lr_scheduler` with `mix_optimizer`) and moves each after the loop of its own
optimizer. Base moved both after the first loop, where the second scheduler still steps
before its optimizer: nothing changed for it. The fixed script trains exactly like the hand
fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

from schedules import build_schedulers


def train_phase(net, mixer, data, net_optimizer, net_lr_scheduler, mix_optimizer, mix_lr_scheduler, epochs, losses):
    for epoch in range(epochs):
{both}        net.train()
        for x, y in data:
            net_optimizer.zero_grad()
            loss = nn.functional.mse_loss(mixer(net(x)), y)
            loss.backward()
            net_optimizer.step()
            losses.append(loss.item())
{net_after}        net.eval()
        for x, y in data[:2]:
            mix_optimizer.zero_grad()
            loss = nn.functional.mse_loss(mixer(net(x)), y)
            loss.backward()
            mix_optimizer.step()
            losses.append(loss.item())
{mix_after}

torch.manual_seed(0)
torch.set_num_threads(1)
net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))
mixer = nn.Linear(4, 1)
net_optimizer = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
mix_optimizer = torch.optim.SGD(mixer.parameters(), lr=0.2)
net_lr_scheduler, mix_lr_scheduler = build_schedulers(net_optimizer, mix_optimizer)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
losses = []
train_phase(net, mixer, data, net_optimizer, net_lr_scheduler, mix_optimizer, mix_lr_scheduler, 4, losses)
digest = hashlib.sha256()
for module in (net, mixer):
    for param in module.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
SCHEDULES = """import torch


def build_schedulers(*optimizers):
    return [torch.optim.lr_scheduler.StepLR(o, step_size=2, gamma=0.1) for o in optimizers]
"""
NET = "        net_lr_scheduler.step()\n"
MIX = "        mix_lr_scheduler.step()\n"


def test_each_scheduler_moves_after_the_loop_of_the_optimizer_named_alike(tmp_path: Path) -> None:
    buggy = SCRIPT.format(both=NET + MIX, net_after="", mix_after="")
    hand = SCRIPT.format(both="", net_after=NET, mix_after=MIX)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF012", others={"schedules.py": SCHEDULES})
