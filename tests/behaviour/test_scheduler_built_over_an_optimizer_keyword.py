"""GF012 on a scheduler built over one of two optimizers by keyword
(`CosineAnnealingLR(optimizer=weight_opt, ...)`, the DARTS shape: an architecture optimizer
and a weights optimizer stepped in the epoch helper) and stepped at the top of each epoch: the
step moves after the epoch's training. The fixed script trains exactly like the hand-fixed one
(the first epoch runs at the initial learning rate, not the already annealed one)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn


def train_epoch(data, model, alphas, arch_opt, weight_opt, losses):
    model.train()
    for x, y in data:
        arch_opt.zero_grad()
        weight_opt.zero_grad()
        loss = nn.functional.mse_loss(model(x) * alphas.sigmoid(), y)
        loss.backward()
        arch_opt.step()
        weight_opt.step()
        losses.append(loss.item())


torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
alphas = nn.Parameter(torch.zeros(1))
arch_opt = torch.optim.Adam([alphas], lr=0.01)
weight_opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
sched = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer=weight_opt, T_max=4, eta_min=0.001)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
losses, lrs = [], []
for epoch in range(4):
{before}    train_epoch(data, model, alphas, arch_opt, weight_opt, losses)
{after}    lrs.append(weight_opt.param_groups[0]["lr"])
digest = hashlib.sha256()
for param in [*model.parameters(), alphas]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest(), "extra": {{"lrs": lrs}}}}))
'''
STEP = "    sched.step()\n"


def test_keyword_scheduler_step_moves_after_the_epoch_of_two_optimizers(tmp_path: Path) -> None:
    buggy = SCRIPT.format(before=STEP, after="")
    hand = SCRIPT.format(before="", after=STEP)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF012")
