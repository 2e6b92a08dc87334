"""GF001 on a LightningModule whose `optimizer_zero_grad` override does nothing (variants67w's
p_gf001 miss): under automatic optimization Lightning clears only through that hook
(tests/libraries/test_lightning.py::test_optimizer_zero_grad_overridden_to_do_nothing_never_clears),
so every step applies the gradients of all batches since training began. The unsafe fix makes
the body Lightning's default, `optimizer.zero_grad()`; the fixed script trains exactly like the
hand fix, the buggy one otherwise."""

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


class Scorer(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.head = nn.Sequential(nn.Linear(6, 10), nn.Tanh(), nn.Linear(10, 1))

    def training_step(self, batch, batch_idx):
        features, target = batch
        loss = nn.functional.l1_loss(self.head(features), target)
        losses.append(loss.item())
        return loss

    def optimizer_zero_grad(self, epoch, step_in_epoch, sgd):
        CLEAR

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.03, momentum=0.5)


features = torch.randn(36, 6)
data = DataLoader(TensorDataset(features, features[:, :2].sum(1, keepdim=True)), batch_size=6)
module = Scorer()
pl.Trainer(
    accelerator="cpu", devices=1, max_epochs=2, logger=False, enable_checkpointing=False,
    enable_progress_bar=False, enable_model_summary=False, accumulate_grad_batches=2,
).fit(module, data)
digest = hashlib.sha256()
for param in module.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_idle_zero_grad_override_cleared_like_lightnings_default(tmp_path: Path) -> None:
    pytest.importorskip("pytorch_lightning")
    buggy = SCRIPT.replace("CLEAR", "pass")
    hand = SCRIPT.replace("CLEAR", "sgd.zero_grad()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001", "--unsafe-fixes")
