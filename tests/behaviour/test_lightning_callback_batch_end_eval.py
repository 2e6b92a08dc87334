"""GF017 on a Lightning Callback's `on_train_batch_end(self, trainer, pl_module, ...)` that calls
`pl_module.eval()` and never switches back (fix56-H's leftover): Lightning runs the hook after
each batch's optimizer step, before the next `training_step`, and restores no mode
(tests/libraries: test_callback_batch_end_eval_stays_for_the_next_training_steps), so every
later batch trains without dropout. The fix switches the module back at the end of the hook; the
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
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
import pytorch_lightning as pl

warnings.filterwarnings("ignore")
torch.manual_seed(0)
torch.set_num_threads(1)
losses = []


class Probe(pl.Callback):
    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        if batch_idx % 3 == 1:
            pl_module.eval()
            with torch.no_grad():
                pl_module.layers(batch[0])
{fix}

class Net(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(5, 16), nn.Dropout(0.4), nn.Linear(16, 1))

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = F.mse_loss(self.layers(x), y)
        losses.append(loss.item())
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.05)


x = torch.randn(40, 5)
data = DataLoader(TensorDataset(x, x.sum(1, keepdim=True)), batch_size=5)
module = Net()
pl.Trainer(
    accelerator="cpu", devices=1, max_epochs=2, logger=False, enable_checkpointing=False,
    enable_progress_bar=False, enable_model_summary=False, callbacks=[Probe()],
).fit(module, data)
digest = hashlib.sha256()
for param in module.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_lightning_callback_batch_end_eval_switched_back(tmp_path: Path) -> None:
    pytest.importorskip("pytorch_lightning")
    buggy = SCRIPT.replace("{fix}", "")
    hand = SCRIPT.replace("{fix}", "        pl_module.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")


def test_callback_built_first_on_a_dropout_named_submodule_switched_back(tmp_path: Path) -> None:
    """The same bug with the submodule named `dropout_net` (its call switches no mode) and the
    callback built before the Trainer (`probe = Probe()`, `callbacks=[probe]`); a comment saying
    `.train()` changes nothing."""
    pytest.importorskip("pytorch_lightning")
    script = (
        SCRIPT.replace("layers", "dropout_net")
        .replace("module = Net()\n", "module = Net()\nprobe = Probe()  # no .train() here\n")
        .replace("callbacks=[Probe()]", "callbacks=[probe]")
    )
    buggy = script.replace("{fix}", "")
    hand = script.replace("{fix}", "        pl_module.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
