"""variants52w's `auto_div_name` (fix54-k): a LightningModule's `training_step` returns `scaled =
loss / ACCUM` while the Trainer, built in a helper `def fit(module, data, **kw)` that every call
hands `accumulate_grad_batches=ACCUM`, divides the loss by the same count again. The fix binds
the undivided loss (`scaled = loss`); the fixed module trains exactly like the hand fix (SGD
with momentum, 12 batches, ACCUM = 2), the buggy one otherwise (its gradients are halved)."""

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
ACCUM = 2


def fit(module, data, **kw):
    kw.setdefault("max_epochs", 1)
    trainer = pl.Trainer(accelerator="cpu", devices=1, logger=False, enable_checkpointing=False,
                         enable_progress_bar=False, enable_model_summary=False, **kw)
    trainer.fit(module, data)


class Regressor(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 1))

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.mse_loss(self.body(x), y)
        losses.append(loss.item())
        scaled = {scaled}
        return scaled

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.05, momentum=0.9)


x = torch.randn(48, 5)
model = Regressor()
fit(model, DataLoader(TensorDataset(x, x.sum(1, keepdim=True)), batch_size=4), accumulate_grad_batches=ACCUM)
digest = hashlib.sha256()
for param in model.body.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_loss_divided_again_under_a_helper_built_trainer_fixed_like_hand(tmp_path: Path) -> None:
    pytest.importorskip("pytorch_lightning")
    buggy = MODULE.format(scaled="loss / ACCUM")
    hand = MODULE.format(scaled="loss")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF016")
