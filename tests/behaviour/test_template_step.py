"""GF001 through a template method: a trainer base class's loop calls `self.train_step(batch)`,
which only its subclass defines. The clear goes at the top of the subclass's step, and the
fixed script trains exactly like the hand-fixed one."""

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


class Trainer:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
        self.losses = []

    def fit(self, epochs):
        for epoch in range(epochs):
            for batch in self.loader:
                self.losses.append(self.train_step(batch))


class RegressionTrainer(Trainer):
    def train_step(self, batch):
{clear}        x, y = batch
        loss = nn.functional.mse_loss(self.model(x), y)
        loss.backward()
        self.optimizer.step()
        return loss.item()


model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
trainer = RegressionTrainer(model, [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(5)])
trainer.fit(3)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": trainer.losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_clear_added_to_the_subclass_step_trains_like_the_hand_fix(tmp_path: Path) -> None:
    hand = SCRIPT.format(clear="        self.optimizer.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, SCRIPT.format(clear=""), hand, "--select", "GF001")
