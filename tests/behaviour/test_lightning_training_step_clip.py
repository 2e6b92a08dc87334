"""GF010 on a clip in an automatic Lightning `training_step` (variants69w's finding, fix69-E):
Lightning runs `training_step` before the batch's clear and backward, so the clip acts on the
previous batch's gradients, already applied (tests/libraries/test_lightning.py::
test_clip_in_an_automatic_training_step_changes_no_step). The unsafe fix moves the clip into a
new `on_before_optimizer_step(self, optimizer)` after `training_step`; the fixed script trains
exactly like the hand fix, the buggy one otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json
import warnings

import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
import pytorch_lightning as pl

warnings.filterwarnings("ignore")
torch.manual_seed(0)
torch.set_num_threads(1)
losses = []


class Regressor(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 1))

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = F.mse_loss(self.mlp(x), y) * 20
BODY

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.02)


x = torch.randn(36, 6)
data = DataLoader(TensorDataset(x, 3 * x[:, :1] * x[:, 1:2]), batch_size=6)
module = Regressor()
pl.Trainer(
    accelerator="cpu", devices=1, max_epochs=3, logger=False, enable_checkpointing=False,
    enable_progress_bar=False, enable_model_summary=False,
).fit(module, data)
digest = hashlib.sha256()
for param in module.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

CLIP = "        torch.nn.utils.clip_grad_norm_(self.mlp.parameters(), 0.2)\n"
REST = "        losses.append(loss.item())\n        return loss"


def test_training_step_clip_moved_before_the_step(tmp_path: Path) -> None:
    pytest.importorskip("pytorch_lightning")
    buggy = SCRIPT.replace("BODY", CLIP + REST)
    hand = SCRIPT.replace("BODY", REST + "\n\n    def on_before_optimizer_step(self, optimizer):\n" + CLIP.rstrip("\n"))
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF010", "--unsafe-fixes")
