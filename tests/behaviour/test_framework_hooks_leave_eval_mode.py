"""GF017 where a framework runs the training iteration: a LightningModule's automatic
`training_step` that probes its network in eval mode every few batches, and an Ignite handler of
`Events.EPOCH_COMPLETED` that evaluates the network the process function trains. Neither
Lightning nor Ignite switches back (tests/libraries: test_automatic_optimization_keeps_a_mode_
set_in_training_step, test_epoch_completed_handler_mode_carries_into_the_next_epoch). The fix
switches the network back (after the probe's `if` arm; at the end of the handler), and the fixed
scripts train exactly like the hand fixes, the buggy ones otherwise. Also an evaluation through a
property returning the wrapped module (`self.inner.eval()`, `inner` returning `self.wrapped.module`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

_DIGEST = '''
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

LIGHTNING = '''import hashlib
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


class Probe(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(5, 12), nn.Dropout(0.4), nn.Linear(12, 1))

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.mse_loss(self.body(x), y)
        if batch_idx % 3 == 1:
            self.body.eval()
            with torch.no_grad():
                self.probe = self.body(x).std()
{restore}        losses.append(loss.item())
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.05)


x = torch.randn(36, 5)
data = DataLoader(TensorDataset(x, x.sum(1, keepdim=True)), batch_size=4)
module = Probe()
pl.Trainer(
    accelerator="cpu", devices=1, max_epochs=2, logger=False, enable_checkpointing=False,
    enable_progress_bar=False, enable_model_summary=False,
).fit(module, data)
net = module.body
''' + _DIGEST

IGNITE = '''import hashlib
import json

import torch
from torch import nn
from ignite.engine import Engine, Events

torch.manual_seed(0)
torch.set_num_threads(1)
losses = []
net = nn.Sequential(nn.Linear(5, 12), nn.Dropout(0.4), nn.Linear(12, 1))
optimizer = torch.optim.SGD(net.parameters(), lr=0.05)
x = torch.randn(24, 5)
batches = [(x[i : i + 4], x[i : i + 4].sum(1, keepdim=True)) for i in range(0, 24, 4)]


def update(engine, batch):
    optimizer.zero_grad()
    inputs, target = batch
    loss = nn.functional.mse_loss(net(inputs), target)
    loss.backward()
    optimizer.step()
    losses.append(loss.item())


trainer = Engine(update)


@trainer.on(Events.EPOCH_COMPLETED)
def held_out(engine):
    net.eval()
    with torch.no_grad():
        engine.state.spread = net(x).std().item()
{restore}

trainer.run(batches, max_epochs=3)
''' + _DIGEST


def test_lightning_training_step_probe_switched_back(tmp_path: Path) -> None:
    pytest.importorskip("pytorch_lightning")
    buggy = LIGHTNING.format(restore="")
    hand = LIGHTNING.format(restore="            self.body.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")


BATCH_END = LIGHTNING.replace(
    """        if batch_idx % 3 == 1:
            self.body.eval()
            with torch.no_grad():
                self.probe = self.body(x).std()
{restore}        losses.append(loss.item())
        return loss
""",
    """        losses.append(loss.item())
        return loss

    def on_train_batch_end(self, outputs, batch, batch_idx):
        if batch_idx % 3 == 1:
            self.eval()
            with torch.no_grad():
                self.probe = self.body(batch[0]).std()
{restore}""",
)


def test_lightning_batch_end_hook_probe_switched_back(tmp_path: Path) -> None:
    # Lightning runs on_train_batch_end after the optimizer step and before the next batch's
    # training_step, and switches nothing back (tests/libraries: test_batch_end_hook_eval_stays_
    # for_the_next_training_steps): the fix appends `self.train()` to the hook
    pytest.importorskip("pytorch_lightning")
    assert "on_train_batch_end" in BATCH_END
    buggy = BATCH_END.format(restore="")
    hand = BATCH_END.format(restore="        self.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")


def test_ignite_epoch_handler_switched_back(tmp_path: Path) -> None:
    pytest.importorskip("ignite")
    buggy = IGNITE.format(restore="")
    hand = IGNITE.format(restore="    net.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")


PROPERTY = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
losses = []


class Runner:
    def __init__(self, net):
        self.wrapped = nn.DataParallel(net)  # on the CPU: runs the module itself
        self.opt = torch.optim.SGD(net.parameters(), lr=0.05)

    @property
    def inner(self):
        return self.wrapped.module

    def fit(self, batches):
        for step, (x, y) in enumerate(batches):
            self.opt.zero_grad()
            loss = nn.functional.mse_loss(self.wrapped(x), y)
            loss.backward()
            self.opt.step()
            losses.append(loss.item())
            if step % 3 == 1:
                self.inner.eval()
                with torch.no_grad():
                    self.spread = self.inner(x).std().item()
{restore}

net = nn.Sequential(nn.Linear(5, 12), nn.Dropout(0.4), nn.Linear(12, 1))
x = torch.randn(32, 5)
Runner(net).fit([(x[i : i + 4], x[i : i + 4].sum(1, keepdim=True)) for i in range(0, 32, 4)])
''' + _DIGEST


def test_eval_through_a_property_switched_back(tmp_path: Path) -> None:
    buggy = PROPERTY.format(restore="")
    hand = PROPERTY.format(restore="                self.wrapped.module.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")


def test_lightning_probe_switched_back_when_training_runs_through_self_call(tmp_path: Path) -> None:
    # the loss goes through `self(x)`, the class's own forward, which runs the probed `self.body`
    pytest.importorskip("pytorch_lightning")
    through_forward = LIGHTNING.replace(
        "    def training_step(self, batch, batch_idx):\n        x, y = batch\n        loss = nn.functional.mse_loss(self.body(x), y)\n",
        "    def forward(self, x):\n        return self.body(x)\n\n"
        "    def training_step(self, batch, batch_idx):\n        x, y = batch\n        loss = nn.functional.mse_loss(self(x), y)\n",
    )
    assert through_forward != LIGHTNING
    buggy = through_forward.format(restore="")
    hand = through_forward.format(restore="            self.body.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")


def test_lightning_batch_end_hook_submodule_eval_beside_another_submodules_train(tmp_path: Path) -> None:
    # `self.body.eval()` in on_train_batch_end while an epoch-start hook switches only another
    # submodule back (`self.head.train()`): the body stays in eval mode for every later batch; the
    # fix appends `self.body.train()` to the batch-end hook
    pytest.importorskip("pytorch_lightning")
    script = (
        BATCH_END.replace("            self.eval()\n", "            self.body.eval()\n")
        .replace("        self.body = nn.Sequential(", "        self.head = nn.Identity()\n        self.body = nn.Sequential(")
        .replace("    def on_train_batch_end(", "    def on_train_epoch_start(self):\n        self.head.train()\n\n    def on_train_batch_end(")
    )
    assert "self.head.train()" in script and "self.body.eval()" in script
    buggy = script.format(restore="")
    hand = script.format(restore="        self.body.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
