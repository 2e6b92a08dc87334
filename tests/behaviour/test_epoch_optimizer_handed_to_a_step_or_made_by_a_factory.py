"""A momentum optimizer built again at each epoch's start and stepped once per batch through a
function of the module handed it (`train_step(model, opt, x, y)`, positionally or by keyword),
or built by a factory of the module (`opt = make_opt(model, lr)`, fix62-K): GF030 moves the
construction before the epoch loop, which trains like the hand fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
DATA = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
LOSSES = []


def make_opt(model, lr):
    return torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)


def train_step(model, x, y, *, opt):
    opt.zero_grad(set_to_none=True)
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    return loss.item()


def main():
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
{before}    for epoch in range(3):
{inside}        for x, y in DATA:
            LOSSES.append(train_step(model, x, y, opt=opt))
    return model


model = main()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": LOSSES, "weights_sha256": digest.hexdigest()}}))
'''

BUILDS = {
    "constructor": "opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)\n",
    "factory": "opt = make_opt(model, 0.05)\n",
}


@pytest.mark.parametrize("build", sorted(BUILDS))
def test_epoch_optimizer_moved_before_the_epoch_loop(tmp_path: Path, build: str) -> None:
    buggy = SCRIPT.format(before="", inside="        " + BUILDS[build])
    hand = SCRIPT.format(before="    " + BUILDS[build], inside="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF030")
