"""The scaler steps the optimizer a schedule wrapper holds (`scaler.step(warmup.optimizer)`,
`warmup = Warmup(optimizer, ...)`), after a clip of the model's parameters that sees gradients
still multiplied by the loss scale (1024 here). The optimizer built over those parameters is the
one the wrapper was handed, so GF013 inserts `scaler.unscale_(warmup.optimizer)` before the
clip; the fixed script trains exactly like the hand fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

BUGGY = '''import hashlib
import json

import torch
from torch import nn
from torch.amp import GradScaler, autocast


class Warmup:
    def __init__(self, optimizer, peak, steps):
        self.optimizer = optimizer
        self.peak = peak
        self.steps = steps
        self.done = 0

    def advance(self):
        self.done += 1
        for group in self.optimizer.param_groups:
            group["lr"] = self.peak * min(1.0, self.done / self.steps)


torch.manual_seed(0)
torch.set_num_threads(1)
net = nn.Sequential(nn.Linear(7, 10), nn.ReLU(), nn.Linear(10, 2))
optimizer = torch.optim.SGD(net.parameters(), lr=0.0)
warmup = Warmup(optimizer, 0.2, 5)
scaler = GradScaler("cpu", init_scale=1024.0)
batches = [(torch.randn(6, 7), torch.randn(6, 2)) for _ in range(8)]
losses = []
for epoch in range(3):
    for inputs, targets in batches:
        warmup.advance()
        with autocast("cpu", dtype=torch.bfloat16):
            loss = nn.functional.mse_loss(net(inputs).float(), targets)
        scaler.scale(loss).backward()
        torch.nn.utils.clip_grad_norm_(net.parameters(), 0.4)
        scaler.step(warmup.optimizer)
        scaler.update()
        optimizer.zero_grad(set_to_none=True)
        losses.append(loss.item())
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''
HAND = BUGGY.replace(
    "        torch.nn.utils.clip_grad_norm_",
    "        scaler.unscale_(warmup.optimizer)\n        torch.nn.utils.clip_grad_norm_",
)


def test_unscale_of_the_wrapped_optimizer_trains_like_the_hand_fix(tmp_path: Path) -> None:
    assert HAND != BUGGY
    assert_fixed_like_hand(tmp_path, BUGGY, HAND, "--select", "GF013")
