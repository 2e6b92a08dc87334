"""Two shapes of variants52's `functional` scripts (fix53-l), each fixed and run against its
hand fix: a batch step bound by `functools.partial(step, ..., **extras)`, `extras` read from
`locals()` for a few optional names (a scheduler the loop's function binds, a scaler it never
names), called through a dispatch dict `{"plain": step}[mode](...)`:
- GF001: the step never clears; the clear goes to the top of the step;
- GF012: a scheduler handed through `**extras` steps in the step before the optimizer; the
  scheduler's step moves after the optimizer's."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import functools
import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
DATA = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]


def report(model, losses):
    digest = hashlib.sha256()
    for param in model.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

CLEAR = HEAD + '''

def fit_batch(x, y, *, net, optim, scaler=None):
{clear}    loss = nn.functional.mse_loss(net(x), y)
    loss.backward()
    optim.step()
    return loss.item()


def train(mode="plain"):
    net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    optim = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
    losses = []
    for epoch in range(3):
        extras = {{k: v for k, v in locals().items() if k in ("scaler",)}}
        step = functools.partial(fit_batch, net=net, optim=optim, **extras)
        for x, y in DATA:
            losses.append({{"plain": step}}[mode](x, y))
    return net, losses


report(*train())
'''

SCHEDULE = HEAD + '''

def fit_batch(x, y, *, net, optim, scheduler=None, scaler=None):
    optim.zero_grad()
    loss = nn.functional.mse_loss(net(x), y)
    loss.backward()
{first}    optim.step()
{after}    return loss.item()


def train(mode="plain"):
    net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    optim = torch.optim.SGD(net.parameters(), lr=0.05)
    scheduler = torch.optim.lr_scheduler.StepLR(optim, step_size=2, gamma=0.5)
    losses = []
    epoch = 0
    while epoch < 3:
        extras = {{k: v for k, v in locals().items() if k in ("scheduler", "scaler")}}
        step = functools.partial(fit_batch, net=net, optim=optim, **extras)
        for x, y in DATA:
            losses.append({{"plain": step, "amp": step}}[mode](x, y))
        epoch += 1
    return net, losses


report(*train())
'''


def test_clear_added_to_a_step_reached_through_a_spread_partial_and_a_dispatch_dict(tmp_path: Path) -> None:
    buggy = CLEAR.format(clear="")
    hand = CLEAR.format(clear="    optim.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")


def test_scheduler_handed_through_spread_locals_steps_after_the_optimizer(tmp_path: Path) -> None:
    buggy = SCHEDULE.format(first="    scheduler.step()\n", after="")
    hand = SCHEDULE.format(first="", after="    scheduler.step()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF012", "--unsafe-fixes")
