"""GF024 on `optimizer = self.optimizers(); optimizer.lr = ...` in a LightningModule hook
(variants56w, plconf/p_gf024_trainer_optimizer_lr): `self.optimizers()` is a LightningOptimizer
wrapper over the one optimizer `configure_optimizers` returns; the attribute stays on the wrapper
and changes no learning rate (tests/libraries: test_optimizers_call_wraps_the_configured_one).
The fix writes it into `optimizer.param_groups` too; the fixed script trains exactly like the
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


class Regressor(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(3, 10), nn.ReLU(), nn.Linear(10, 1))

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.mse_loss(self.layers(x), y)
        losses.append(loss.item())
        return loss

    def on_train_epoch_start(self):
        opt = self.optimizers()
        opt.lr = 0.08 * 0.3 ** self.current_epoch
{fix}
    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=0.08)


x = torch.randn(24, 3)
data = DataLoader(TensorDataset(x, x.prod(1, keepdim=True)), batch_size=6)
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


def test_lightning_optimizers_call_lr_written_into_param_groups(tmp_path: Path) -> None:
    pytest.importorskip("pytorch_lightning")
    buggy = SCRIPT.replace("{fix}", "")
    hand = SCRIPT.replace(
        "{fix}", '        for param_group in opt.param_groups:\n            param_group["lr"] = opt.lr\n'
    )
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF024")


@pytest.mark.parametrize("call", ["self.optimizers()", "self.optimizers(use_pl_optimizer=False)"])
def test_lightning_optimizers_call_lr_written_directly(tmp_path: Path, call: str) -> None:
    """`self.optimizers().lr = ...` written on the call itself (fix56-W's leftover), and the raw
    optimizer `use_pl_optimizer=False` hands back: every such call returns the same object
    (tests/libraries: test_optimizers_call_is_one_wrapper_and_use_pl_optimizer_false_the_optimizer_itself),
    so the fix reads the attribute back from a second call."""
    pytest.importorskip("pytorch_lightning")
    script = SCRIPT.replace("        opt = self.optimizers()\n        opt.lr = ", f"        {call}.lr = ")
    buggy = script.replace("{fix}", "")
    hand = script.replace("{fix}", f'        for param_group in {call}.param_groups:\n            param_group["lr"] = {call}.lr\n')
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF024")
