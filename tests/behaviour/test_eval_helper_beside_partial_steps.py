"""variants52's `functional` GF017 (fix54-k): the batch step bound by `functools.partial(step,
model=..., opt=...)` at the top of each epoch (or positionally, in a `while` loop), and an
evaluation helper after the batches that leaves the module in eval mode. The fix switches it
back after the helper; dropout then trains in the following epochs as in the hand fix."""

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
DATA = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]


def report(model, losses):
    digest = hashlib.sha256()
    for param in model.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))


def validate(net):
    net.eval()
    with torch.no_grad():
        return sum(nn.functional.mse_loss(net(x), y).item() for x, y in DATA)


def fit_batch(x, y, *, net, optim):
    optim.zero_grad()
    loss = nn.functional.mse_loss(net(x), y)
    loss.backward()
    optim.step()
    return loss.item()


def train():
    net = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Dropout(0.5), nn.Linear(16, 1))
    optim = torch.optim.SGD(net.parameters(), lr=0.05)
    net.train()
    losses = []
    epoch = 0
    while epoch < 3:
        step = functools.partial(fit_batch, net=net, optim=optim)
        for x, y in DATA:
            losses.append(step(x, y))
        losses.append(validate(net))
{back}        epoch += 1
    return net, losses


report(*train())
'''


def test_module_switched_back_after_an_evaluation_beside_a_partial_step(tmp_path: Path) -> None:
    buggy = SCRIPT.format(back="")
    hand = SCRIPT.format(back="        net.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
