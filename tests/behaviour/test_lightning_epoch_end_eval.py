"""GF017 on Lightning's `on_train_epoch_end` (variants64w's lgradhooks miss): a hook that calls
`self.eval()` (here in a subclass that keeps the base class's `training_step`) or a Callback's
`on_train_epoch_end(self, trainer, pl_module)` calling `pl_module.eval()` leaves every later
epoch training without dropout: Lightning switches no mode back between epochs
(tests/libraries/test_lightning.py::test_epoch_end_hook_eval_stays_for_the_next_epoch). The
fix switches the module back at the end of the hook; the fixed script trains exactly like the
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
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
import pytorch_lightning as pl

warnings.filterwarnings("ignore")
torch.manual_seed(0)
torch.set_num_threads(1)
losses = []
held_out = []


class Base(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(6, 24), nn.Tanh(), nn.Dropout(0.3), nn.Linear(24, 1))

    def forward(self, x):
        return self.mlp(x)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = F.mse_loss(self(x), y)
        losses.append(loss.item())
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.05)


HOOKS
x = torch.randn(30, 6)
data = DataLoader(TensorDataset(x, x[:, :1] - x[:, 1:2]), batch_size=6)
module = MODULE
pl.Trainer(
    accelerator="cpu", devices=1, max_epochs=3, logger=False, enable_checkpointing=False,
    enable_progress_bar=False, enable_model_summary=False, CALLBACKS
).fit(module, data)
digest = hashlib.sha256()
for param in module.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

SUBCLASS = '''class WithHoldout(Base):
    def on_train_epoch_end(self):
        self.eval()
        with torch.no_grad():
            held_out.append(F.mse_loss(self(x[:6]), x[:6, :1]).item())
{fix}
'''

CALLBACK = '''class HoldoutCallback(pl.Callback):
    def on_train_epoch_end(self, trainer, pl_module):
        if trainer.current_epoch >= 0:
            pl_module.eval()
        held_out.append(pl_module.mlp(x[:6]).sum().item())
{fix}
'''


def _script(hooks: str, module: str, callbacks: str) -> str:
    return SCRIPT.replace("HOOKS", hooks).replace("MODULE", module).replace("CALLBACKS", callbacks)


def test_subclass_epoch_end_hook_eval_switched_back(tmp_path: Path) -> None:
    pytest.importorskip("pytorch_lightning")
    script = _script(SUBCLASS, "WithHoldout()", "")
    buggy = script.replace("{fix}\n", "")
    hand = script.replace("{fix}\n", "        self.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")


def test_callback_epoch_end_eval_under_an_if_switched_back(tmp_path: Path) -> None:
    pytest.importorskip("pytorch_lightning")
    script = _script(CALLBACK, "Base()", "callbacks=[HoldoutCallback()],")
    buggy = script.replace("{fix}\n", "")
    hand = script.replace("{fix}\n", "        pl_module.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
