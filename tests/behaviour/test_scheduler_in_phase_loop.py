"""GF012 in a train/val phase loop whose train phase steps the scheduler (alone under the
phase test) before its batches step the optimizer: the test and the step move after the batch
loop, in the same phase. The fixed script trains exactly like the hand-fixed one, whose first
epoch runs at the initial learning rate."""

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
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)
data = {{"train": [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)], "val": [(torch.randn(8, 4), torch.randn(8, 1))]}}
losses = []
for epoch in range(3):
    for phase in ("train", "val"):
        model.train(phase == "train")
{before}        for x, y in data[phase]:
            optimizer.zero_grad()
            with torch.set_grad_enabled(phase == "train"):
                loss = nn.functional.mse_loss(model(x), y)
                if phase == "train":
                    loss.backward()
                    optimizer.step()
            losses.append(loss.item())
{after}digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
STEP = '        if phase == "train":\n            scheduler.step()\n'


def test_phase_scheduler_step_moves_after_the_batch_loop(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, SCRIPT.format(before=STEP, after=""), SCRIPT.format(before="", after=STEP), "--select", "GF012")


WARMUP = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
warm = 1
warmup = torch.optim.lr_scheduler.LinearLR(optimizer, start_factor=0.1, total_iters=len(data) * warm)
losses = []
for epoch in range(3):
    for x, y in data:
{before}        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
{after}        losses.append(loss.item())
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
WARMUP_STEP = "        if epoch < warm:\n            warmup.step()\n"


def test_warmup_step_under_an_epoch_test_moves_after_the_optimizer_step(tmp_path: Path) -> None:
    buggy = WARMUP.format(before=WARMUP_STEP, after="")
    hand = WARMUP.format(before="", after=WARMUP_STEP)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF012")
