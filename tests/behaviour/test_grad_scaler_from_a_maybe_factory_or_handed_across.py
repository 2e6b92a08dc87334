"""GF029 on two more ways to rebuild a GradScaler every iteration: a factory of the module
that returns a scaler or `None` (`GradScaler(...) if use_amp else None`), called on every
batch, and a scaler built every epoch and handed to an epoch function of another module.
The gradients overflow at the initial scale, so a scaler built again keeps skipping steps.
gradfix moves each construction before its loop; the fixed script trains exactly like the
hand fix, and not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

ENGINE = '''import torch.nn.functional as F


def run_epoch(net, batches, opt, amp_scaler, losses):
    for x, y in batches:
        opt.zero_grad()
        loss = F.mse_loss(net(x), y)
        amp_scaler.scale(loss).backward()
        amp_scaler.step(opt)
        amp_scaler.update()
        losses.append(loss.item())
'''

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

from engine import run_epoch

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(24, 5), 8.0 * torch.randn(24, 2)
batches = [(X[i : i + 8], Y[i : i + 8]) for i in range(0, 24, 8)]
losses = []


def maybe_scaler(use_amp):
    return torch.amp.GradScaler("cpu", init_scale=2.0**127) if use_amp else None


def train(net, opt, use_amp, epochs):
{before}    for epoch in range(epochs):
        for x, y in batches:
{inside}            opt.zero_grad()
            loss = F.mse_loss(net(x), y)
            if scaler is None:
                loss.backward()
                opt.step()
            else:
                scaler.scale(loss).backward()
                scaler.step(opt)
                scaler.update()
            losses.append(loss.item())


def fit(net, opt, epochs):
    epoch = 0
{fit_before}    while epoch < epochs:
{fit_inside}        run_epoch(net, batches, opt, amp_scaler, losses)
        epoch += 1


model = torch.nn.Linear(5, 2)
train(model, torch.optim.SGD(model.parameters(), lr=0.02), True, 2)
tail = torch.nn.Linear(5, 2)
fit(tail, torch.optim.SGD(tail.parameters(), lr=0.02, momentum=0.9), 3)
digest = hashlib.sha256()
for param in [*model.parameters(), *tail.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

MAYBE = "scaler = maybe_scaler(use_amp)\n"
HANDED = 'amp_scaler = torch.amp.GradScaler("cpu", init_scale=2.0**127)\n'


def test_scalers_built_once_train_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.format(before="", inside=" " * 12 + MAYBE, fit_before="", fit_inside=" " * 8 + HANDED)
    hand = SCRIPT.format(before=" " * 4 + MAYBE, inside="", fit_before=" " * 4 + HANDED, fit_inside="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF029", others={"engine.py": ENGINE})
