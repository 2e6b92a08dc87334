"""GF015 in a LightningModule under manual optimization: the window test reads `batch_idx`, the
index Lightning hands `training_step` (0 first, 0 again each epoch: tests/libraries
test_manual_optimization_batch_idx_counts_each_epoch_from_zero). `batch_idx % N == 0` steps
after the very first micro-batch of every epoch; the fix tests `(batch_idx + 1) % N == 0`, and
the fixed module trains exactly like the hand fix (SGD with momentum, 2 epochs of 6 batches,
N = 3), the buggy one otherwise. Written with a parameter named
`idx`, N an attribute set in `__init__`."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

MODULE = '''import hashlib
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
    def __init__(self, accumulate):
        super().__init__()
        self.automatic_optimization = False
        self.accumulate = accumulate
        self.body = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 1))

    def training_step(self, batch, idx):
        opt = self.optimizers()
        x, y = batch
        loss = nn.functional.mse_loss(self.body(x), y) / self.accumulate
        self.manual_backward(loss)
        if {counter} % self.accumulate == 0:
            opt.step()
            opt.zero_grad()
        losses.append(loss.item())

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.05, momentum=0.9)


x = torch.randn(24, 5)
data = DataLoader(TensorDataset(x, x.sum(1, keepdim=True)), batch_size=4)
module = Regressor(3)
pl.Trainer(
    accelerator="cpu", devices=1, max_epochs=2, logger=False, enable_checkpointing=False,
    enable_progress_bar=False, enable_model_summary=False,
).fit(module, data)
net = module.body
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_lightning_batch_idx_window_fixed_like_hand(tmp_path: Path) -> None:
    pytest.importorskip("pytorch_lightning")
    buggy = MODULE.format(counter="idx")
    hand = MODULE.format(counter="(idx + 1)")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF015")
