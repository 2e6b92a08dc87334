"""GF020 on a scheduler first bound to a `None` placeholder and then built under a setting
(`scheduler = None`; `if args.cosine: scheduler = CosineAnnealingLR(...)`): the placeholder
says nothing about a horizon, so the built one is read. Its `T_max` counts epochs but it steps
every batch: the unsafe fix moves the step after the batch loop, and the fixed script trains
exactly like the hand-fixed one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn


def fit(epochs, use_cosine=True):
    torch.manual_seed(0)
    torch.set_num_threads(1)
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler = None
    if use_cosine:
        scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=epochs)
    data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
    losses, lrs = [], []
    for epoch in range(epochs):
        it = iter(data)
        while True:
            try:
                x, y = next(it)
            except StopIteration:
                break
            optimizer.zero_grad()
            loss = nn.functional.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
{inner}            losses.append(loss.item())
{outer}        lrs.append(optimizer.param_groups[0]["lr"])
    return model, losses, lrs


model, losses, lrs = fit(4)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest(), "extra": {{"lrs": lrs}}}}))
'''


def test_placeholder_then_epoch_horizon_steps_once_per_epoch(tmp_path: Path) -> None:
    buggy = SCRIPT.format(inner="            scheduler.step()\n", outer="")
    hand = SCRIPT.format(inner="", outer="        scheduler.step()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF020", "--unsafe-fixes")
