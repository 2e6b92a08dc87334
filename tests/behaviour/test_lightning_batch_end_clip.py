"""GF010 on Lightning's `on_train_batch_end` (variants64w's lgradhooks miss): under automatic
optimization Lightning calls the hook after the batch's optimizer step, so a clip there reaches
no step (tests/libraries/test_lightning.py::test_clip_in_the_batch_end_hook_changes_no_step).
The fix makes the hook `on_before_optimizer_step` (Lightning calls it between backward and the
step); the fixed script trains exactly like the hand fix, the buggy one otherwise (also with
`accumulate_grad_batches`, where the batch-end clip clips a window's partial sums)."""

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


class Plain(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 1))

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = F.mse_loss(self.mlp(x), y) * 20
        losses.append(loss.item())
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.02)


HOOKS
x = torch.randn(36, 6)
data = DataLoader(TensorDataset(x, 3 * x[:, :1] * x[:, 1:2]), batch_size=6)
module = MODULE
pl.Trainer(
    accelerator="cpu", devices=1, max_epochs=3, logger=False, enable_checkpointing=False,
    enable_progress_bar=False, enable_model_summary=False, OPTIONS
).fit(module, data)
digest = hashlib.sha256()
for param in module.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

SUBCLASS = '''class Clipped(Plain):
    def HOOK:
        torch.nn.utils.clip_grad_norm_(self.mlp.parameters(), 0.2)
'''

CALLBACK = '''class ClipValues(pl.Callback):
    def HOOK:
        torch.nn.utils.clip_grad_value_(pl_module.parameters(), 0.05)
'''


def _pair(hooks: str, module: str, options: str, batch_end: str, before_step: str) -> tuple[str, str]:
    script = SCRIPT.replace("HOOKS", hooks).replace("MODULE", module).replace("OPTIONS", options)
    return script.replace("HOOK", batch_end), script.replace("HOOK", before_step)


@pytest.mark.parametrize("options", ["", "accumulate_grad_batches=2,"])
def test_subclass_batch_end_clip_moved_before_the_step(tmp_path: Path, options: str) -> None:
    pytest.importorskip("pytorch_lightning")
    buggy, hand = _pair(
        SUBCLASS, "Clipped()", options,
        "on_train_batch_end(self, outputs, batch, batch_idx)", "on_before_optimizer_step(self, optimizer)",
    )
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF010")


def test_callback_batch_end_clip_moved_before_the_step(tmp_path: Path) -> None:
    pytest.importorskip("pytorch_lightning")
    buggy, hand = _pair(
        CALLBACK, "Plain()", "callbacks=[ClipValues()],",
        "on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx)",
        "on_before_optimizer_step(self, trainer, pl_module, optimizer)",
    )
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF010")
