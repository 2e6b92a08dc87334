"""GF024 where Lightning hands the optimizer: `optimizer.lr = ...` on the `optimizer` parameter of
a LightningModule's `optimizer_step` override sets an attribute of the LightningOptimizer wrapper
and changes no learning rate (tests/libraries: test_optimizer_step_hook_optimizer_wraps_the_
configured_one). The fix writes it into `optimizer.param_groups` too; the fixed script trains
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

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.mse_loss(self.body(x), y)
        losses.append(loss.item())
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.05)

    def optimizer_step(self, epoch, batch_idx, optimizer, optimizer_closure=None):
        optimizer.lr = 0.05 * min(1.0, (self.trainer.global_step + 1) / 4)
{fix}        optimizer.step(closure=optimizer_closure)


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


def test_lightning_optimizer_step_hook_lr_written_into_param_groups(tmp_path: Path) -> None:
    pytest.importorskip("pytorch_lightning")
    buggy = SCRIPT.replace("{fix}", "")
    hand = SCRIPT.replace(
        "{fix}", '        for param_group in optimizer.param_groups:\n            param_group["lr"] = optimizer.lr\n'
    )
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF024")
