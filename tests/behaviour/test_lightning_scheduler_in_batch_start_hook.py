"""GF012 where Lightning runs the hooks: a LightningModule under manual optimization stepping
its scheduler in `on_train_batch_start`, which Lightning calls before `training_step` (and its
`opt.step()`) for every batch (tests/libraries: test_batch_hooks_run_around_each_training_step_
and_its_step). The fix makes the hook `on_train_batch_end(self, outputs, batch, batch_idx)`; the
fixed script trains exactly like the hand fix, the buggy one otherwise."""

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


class Net(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(5, 12), nn.Tanh(), nn.Linear(12, 1))
        self.automatic_optimization = False

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        x, y = batch
        loss = nn.functional.mse_loss(self.body(x), y)
        opt.zero_grad()
        self.manual_backward(loss)
        opt.step()
        losses.append(loss.item())

{hook}
        self.lr_schedulers().step()

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.05)
        return [opt], [torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)]


x = torch.randn(32, 5)
data = DataLoader(TensorDataset(x, x.sum(1, keepdim=True)), batch_size=4)
module = Net()
pl.Trainer(
    accelerator="cpu", devices=1, max_epochs=2, logger=False, enable_checkpointing=False,
    enable_progress_bar=False, enable_model_summary=False,
).fit(module, data)
digest = hashlib.sha256()
for param in module.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_lightning_batch_start_scheduler_moved_to_batch_end(tmp_path: Path) -> None:
    pytest.importorskip("pytorch_lightning")
    buggy = SCRIPT.replace("{hook}", "    def on_train_batch_start(self, batch, batch_idx):")
    hand = SCRIPT.replace("{hook}", "    def on_train_batch_end(self, outputs, batch, batch_idx):")
    assert buggy != hand
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF012")
