"""Lightning manual optimization and the module's own gradient hooks (variants66w's plmanhooks
misses). `self.manual_backward(loss)` runs `on_after_backward` and `opt.step()` runs
`on_before_optimizer_step` before it updates, while `on_train_batch_end` runs after the
training_step that stepped (tests/libraries/test_lightning.py::
test_manual_optimization_backward_hooks_run_between_manual_backward_and_the_step,
test_manual_optimization_clip_in_the_batch_end_hook_changes_no_step):
- GF002: a clear in `on_before_optimizer_step`, the training_step clearing itself: removed;
- GF010: a clip in `on_train_batch_end` after training_step's step: the hook made
  `on_before_optimizer_step(self, optimizer)`;
- GF001: a training_step that never clears, an `on_after_backward` that only reads `.grad` for
  a log (it used to count as a clear): the clear inserted.
Each fixed script trains exactly like the hand fix, the buggy one otherwise."""

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


class Manual(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.mlp = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 1))
        self.norms = []

    def training_step(self, batch, batch_idx):
        x, y = batch
        opt = self.optimizers()
CLEAR        loss = F.mse_loss(self.mlp(x), y) * 20
        self.manual_backward(loss)
        opt.step()
        losses.append(loss.item())

HOOKS
    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.02, momentum=0.5)


x = torch.randn(36, 6)
data = DataLoader(TensorDataset(x, 3 * x[:, :1] * x[:, 1:2]), batch_size=6)
module = Manual()
pl.Trainer(
    accelerator="cpu", devices=1, max_epochs=3, logger=False, enable_checkpointing=False,
    enable_progress_bar=False, enable_model_summary=False,
).fit(module, data)
digest = hashlib.sha256()
for param in module.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

CLEARED = "        opt.zero_grad()\n"


def _script(clear: str, hooks: str) -> str:
    return SCRIPT.replace("CLEAR", clear).replace("HOOKS", hooks)


def test_manual_clear_in_the_before_optimizer_step_hook_removed(tmp_path: Path) -> None:
    buggy = _script(CLEARED, "    def on_before_optimizer_step(self, optimizer):\n        optimizer.zero_grad()\n")
    hand = _script(CLEARED, "    def on_before_optimizer_step(self, optimizer):\n        pass\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF002")


def test_manual_clip_in_the_batch_end_hook_moved_before_the_step(tmp_path: Path) -> None:
    clip = "        torch.nn.utils.clip_grad_norm_(self.mlp.parameters(), 0.2)\n"
    buggy = _script(CLEARED, "    def on_train_batch_end(self, outputs, batch, batch_idx):\n" + clip)
    hand = _script(CLEARED, "    def on_before_optimizer_step(self, optimizer):\n" + clip)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF010")


def test_manual_step_never_cleared_beside_a_hook_reading_gradients(tmp_path: Path) -> None:
    hook = (
        "    def on_after_backward(self):\n"
        "        self.norms.append(sum(p.grad.norm().item() for p in self.parameters()))\n"
    )
    buggy = _script("", hook)
    hand = _script("        opt.zero_grad(set_to_none=True)\n", hook)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")
