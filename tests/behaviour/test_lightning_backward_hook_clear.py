"""GF002 on a clear in Lightning's `on_after_backward` / `on_before_optimizer_step`
(variants64w's lgradhooks miss): under automatic optimization both hooks run between the
backward and the optimizer step, so the clear leaves the step nothing to apply
(tests/libraries/test_lightning.py::test_clear_in_the_backward_hooks_wipes_the_step). The fix
removes the clear (Lightning clears before each window's first backward by itself); the fixed
script trains exactly like the hand fix, the buggy one otherwise."""

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
norms = []


class Plain(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(5, 12), nn.ReLU(), nn.Linear(12, 1))

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = F.mse_loss(self.mlp(x), y)
        losses.append(loss.item())
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.05, momentum=0.9)


HOOKS
x = torch.randn(40, 5)
data = DataLoader(TensorDataset(x, x.sum(1, keepdim=True)), batch_size=5)
module = MODULE
pl.Trainer(
    accelerator="cpu", devices=1, max_epochs=2, logger=False, enable_checkpointing=False,
    enable_progress_bar=False, enable_model_summary=False, OPTIONS
).fit(module, data)
digest = hashlib.sha256()
for param in module.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

MODULE_HOOK = '''class Probed(Plain):
    def on_after_backward(self):
        norms.append(sum(p.grad.norm().item() for p in self.parameters()))
CLEAR'''

STEP_HOOK = '''class Probed(Plain):
    def on_before_optimizer_step(self, optimizer):
        norms.append(len(optimizer.param_groups))
CLEAR'''

CALLBACK_HOOK = '''class Probe(pl.Callback):
    def on_after_backward(self, trainer, pl_module):
        norms.append(pl_module.mlp[0].weight.grad.sum().item())
CLEAR'''


@pytest.mark.parametrize(
    "hooks,clear,module,options",
    [
        (MODULE_HOOK, "        self.optimizers().zero_grad()\n", "Probed()", ""),
        (MODULE_HOOK, "        self.zero_grad()\n", "Probed()", "accumulate_grad_batches=2,"),
        (STEP_HOOK, "        optimizer.zero_grad(set_to_none=True)\n", "Probed()", ""),
        (CALLBACK_HOOK, "        trainer.optimizers[0].zero_grad()\n", "Plain()", "callbacks=[Probe()],"),
    ],
    ids=["after_backward_optimizers", "after_backward_module_accumulating", "before_step_optimizer", "callback_trainer_optimizer"],
)
def test_clear_in_a_backward_hook_removed(tmp_path: Path, hooks: str, clear: str, module: str, options: str) -> None:
    pytest.importorskip("pytorch_lightning")
    script = SCRIPT.replace("HOOKS", hooks).replace("MODULE", module).replace("OPTIONS", options)
    buggy = script.replace("CLEAR", clear)
    hand = script.replace("CLEAR", "")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF002")
