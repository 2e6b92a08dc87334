"""GF020 on a scheduler handed back by Accelerate's `prepare` under its own name
(`model, optimizer, scheduler = accelerator.prepare(model, optimizer, scheduler)`): the
prepared scheduler advances once per `step()` like the bare one
(tests/libraries/test_accelerate.py::test_prepared_scheduler_steps_like_the_bare_one_outside_accumulate),
so the horizon is the constructor's. A OneCycleLR over every batch of every epoch stepped once
per epoch: the unsafe fix moves the step after the optimizer step in the batch loop, and the
fixed script trains exactly like the hand-fixed one, with the real Accelerate on the CPU."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")
pytest.importorskip("accelerate")

SCRIPT = '''import hashlib
import json

import torch
from accelerate import Accelerator
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
ROUNDS = 3
accelerator = Accelerator(cpu=True)
model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(5)]
scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=0.2, total_steps=ROUNDS * len(batches))
model, optimizer, scheduler = accelerator.prepare(model, optimizer, scheduler)
losses, lrs = [], []
for epoch in range(ROUNDS):
    for x, y in batches:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        accelerator.backward(loss)
        optimizer.step()
{inner}        losses.append(loss.item())
{outer}    lrs.append(optimizer.param_groups[0]["lr"])
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest(), "extra": {{"lrs": lrs}}}}))
'''


def test_prepared_batch_horizon_scheduler_moves_into_the_batch_loop(tmp_path: Path) -> None:
    buggy = SCRIPT.format(inner="", outer="    scheduler.step()\n")
    hand = SCRIPT.format(inner="        scheduler.step()\n", outer="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF020", "--unsafe-fixes")
