"""variants52's `functional` GF029 (fix54-k): a GradScaler built at the top of each epoch and
handed to a `functools.partial` step through `**extras`, `extras` read from `locals()` in the
epoch loop's body after the scaler is bound. The fix builds the scaler once before the epochs.
The scale starts so high that the first steps overflow: the scaler kept across epochs halves it
until steps go through; a new one each epoch skips the first steps of every epoch again."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import functools
import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
DATA = [(torch.randn(8, 4), 10 * torch.randn(8, 1)) for _ in range(3)]


def fit_batch(x, y, *, net, optim, scheduler=None, scaler=None):
    optim.zero_grad()
    loss = nn.functional.mse_loss(net(x), y)
    scaler.scale(loss).backward()
    scaler.step(optim)
    scaler.update()
    return loss.item()


def train():
    net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    optim = torch.optim.SGD(net.parameters(), lr=0.01)
    losses = []
{once}    for epoch in range(4):
{each}        extras = {{k: v for k, v in locals().items() if k in ("scheduler", "scaler")}}
        step = functools.partial(fit_batch, net=net, optim=optim, **extras)
        for x, y in DATA:
            losses.append(step(x, y))
    digest = hashlib.sha256()
    for param in net.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))


train()
'''

SCALER = 'scaler = torch.amp.GradScaler("cpu", init_scale=2.0 ** 126)\n'


def test_scaler_built_each_epoch_and_spread_into_the_step_moves_before_the_epochs(tmp_path: Path) -> None:
    buggy = SCRIPT.format(once="", each="        " + SCALER)
    hand = SCRIPT.format(once="    " + SCALER, each="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF029")
