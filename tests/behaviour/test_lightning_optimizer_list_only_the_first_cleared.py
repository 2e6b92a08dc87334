"""Lightning manual optimization with two optimizers (variants70w's s_gf001): `opts =
self.optimizers()`, only `opts[0].zero_grad()`, then every optimizer of the list stepped
(`for opt in opts: opt.step()`, also `opts[1].step()` in a method of another name). The number
of optimizers is read from `configure_optimizers` (a list of two, or the first list of
`[opt_a, opt_b], [sched]`): GF001 reports `opts[1]` and inserts its clear after the list's
binding. The fixed script trains exactly like the hand fix, the buggy one otherwise (the second
optimizer's gradients pile up)."""

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


class TwoParts(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.body = nn.Linear(5, 8)
        self.out = nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        optimizers = self.optimizers()
CLEAR        x, y = batch
        optimizers[0].zero_grad(set_to_none=True)
        loss = F.mse_loss(self.out(torch.tanh(self.body(x))), y)
        self.manual_backward(loss)
        for optimizer in optimizers:
            optimizer.step()
        losses.append(loss.item())

    def configure_optimizers(self):
        body = torch.optim.SGD(self.body.parameters(), lr=0.05)
        out = torch.optim.SGD(self.out.parameters(), lr=0.05, momentum=0.9)
        return [body, out], [torch.optim.lr_scheduler.StepLR(body, step_size=3)]


x = torch.randn(30, 5)
data = DataLoader(TensorDataset(x, x[:, :1] - 2 * x[:, 1:2]), batch_size=6)
module = TwoParts()
pl.Trainer(
    accelerator="cpu", devices=1, max_epochs=2, logger=False, enable_checkpointing=False,
    enable_progress_bar=False, enable_model_summary=False,
).fit(module, data)
digest = hashlib.sha256()
for param in module.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_second_optimizer_of_the_configured_list_cleared(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("CLEAR", "")
    hand = SCRIPT.replace("CLEAR", "        optimizers[1].zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand)
