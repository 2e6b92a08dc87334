"""GF011 on a LightningModule that clears in `on_train_batch_start` under
`accumulate_grad_batches=3` (variants71w's z_gf011 miss): Lightning runs the hook before every
micro-batch's training_step and clears by itself at each window's first, so the hook's clear
wipes the window's earlier micro-batches
(tests/libraries/test_lightning.py::test_clear_in_on_train_batch_start_wipes_the_accumulation_window).
The fix removes the clear; the fixed script trains exactly like the hand fix, the buggy one
otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json
import warnings

import torch
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
        self.body = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 1))
        self.seen = 0

    def on_train_batch_start(self, batch, batch_idx):
        self.seen += 1
        CLEAR

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.mse_loss(self.body(x), y)
        losses.append(loss.item())
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.05, momentum=0.9)


x = torch.randn(48, 5)
loader = DataLoader(TensorDataset(x, x[:, :1] - x[:, 1:2]), batch_size=4)
module = Regressor()
pl.Trainer(
    accelerator="cpu", devices=1, max_epochs=2, logger=False, enable_checkpointing=False,
    enable_progress_bar=False, enable_model_summary=False, accumulate_grad_batches=3,
).fit(module, loader)
digest = hashlib.sha256()
for param in module.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_batch_start_clear_removed_trains_like_lightnings_own_accumulation(tmp_path: Path) -> None:
    pytest.importorskip("pytorch_lightning")
    buggy = SCRIPT.replace("CLEAR", "self.optimizers().zero_grad()")
    hand = SCRIPT.replace("        CLEAR\n", "")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF011")
