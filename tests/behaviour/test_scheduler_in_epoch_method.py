"""GF012 on a scheduler stepped at the top of a trainer's per-epoch method, before the
method's batch loop steps the optimizer (the epoch loop is in another method): the step moves
after the batch loop, in the method. The fixed script trains exactly like the hand-fixed one,
whose learning rate decays after `step_size` epochs, not one epoch early."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn


class Trainer:
    def __init__(self):
        torch.manual_seed(0)
        torch.set_num_threads(1)
        self.model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.1, momentum=0.9)
        self.scheduler = torch.optim.lr_scheduler.StepLR(self.optimizer, step_size=2, gamma=0.1)
        self.data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
        self.losses = []
        self.lrs = []

    def fit(self, epochs):
        for epoch in range(epochs):
            self.run_epoch()

    def run_epoch(self):
{before}        for x, y in self.data:
            self.optimizer.zero_grad()
            loss = nn.functional.mse_loss(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            self.losses.append(loss.item())
{after}        self.lrs.append(self.optimizer.param_groups[0]["lr"])


trainer = Trainer()
trainer.fit(5)
digest = hashlib.sha256()
for param in trainer.model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": trainer.losses, "weights_sha256": digest.hexdigest(), "extra": {{"lrs": trainer.lrs}}}}))
'''
STEP = "        self.scheduler.step()  # once per epoch\n"


def test_scheduler_step_moves_after_the_batch_loop_of_the_epoch_method(tmp_path: Path) -> None:
    buggy = SCRIPT.format(before=STEP, after="")
    hand = SCRIPT.format(before="", after=STEP)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF012")
