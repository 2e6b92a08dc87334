"""GF010 where the trainer's base class, in another module of the project, builds the
`Accelerator` and prepares the optimizer: the subclass clips with torch's clip on every
micro-batch inside `self.accelerator.accumulate(...)`, so each window's partial sums are clipped
(and the last one clipped again) while the prepared optimizer steps once per window. The fix
puts the clip under `if self.accelerator.sync_gradients:`; the fixed script trains exactly like
the hand fix (Accelerate on the CPU, 4 micro-batches in windows of 2, a small max norm), the
buggy one otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

BASE = '''import accelerate
import torch


class BaseTrainer:
    def __init__(self, model, loader):
        self.accelerator = accelerate.Accelerator(gradient_accumulation_steps=2, cpu=True)
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        self.loader = loader
        self.model, self.optimizer = self.accelerator.prepare(self.model, self.optimizer)
'''

SCRIPT = '''import hashlib
import json
import os

os.environ.setdefault("DS_ACCELERATOR", "cpu")  # no "Setting accelerator to CPU" line on stdout
import accelerate  # noqa: E402,F401  (base.py builds the Accelerator; named here, the harness preloads it)
import torch
from torch import nn

from base import BaseTrainer

torch.manual_seed(0)
torch.set_num_threads(1)
losses = []


class Trainer(BaseTrainer):
    def train_epoch(self):
        for x, y in self.loader:
            with self.accelerator.accumulate(self.model):
                loss = nn.functional.mse_loss(self.model(x), y)
                self.accelerator.backward(loss)
{clip}                self.optimizer.step()
                self.optimizer.zero_grad()
            losses.append(loss.item())


x = torch.randn(16, 5)
data = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(x, 3 * x.sum(1, keepdim=True)), batch_size=4)
trainer = Trainer(nn.Linear(5, 1), data)
for epoch in range(2):
    trainer.train_epoch()
net = trainer.accelerator.unwrap_model(trainer.model)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_clip_of_partial_sums_moved_under_the_sync_test(tmp_path: Path) -> None:
    pytest.importorskip("accelerate")
    buggy = SCRIPT.format(clip="                nn.utils.clip_grad_norm_(self.model.parameters(), 0.5)\n")
    hand = SCRIPT.format(
        clip="                if self.accelerator.sync_gradients:\n"
        "                    nn.utils.clip_grad_norm_(self.model.parameters(), 0.5)\n"
    )
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF010", others={"base.py": BASE})
