"""GF017 on a module-level epoch loop whose batches an object of a class of the file trains
(`stepper = Stepper(net, opt)`, the optimizer over `net`): `net.eval()` for the epoch's
evaluation leaves batch norm in inference mode for the next epochs. The fix switches `net` back
before the batch loop, and the fixed script trains exactly like its hand-fixed twin; the buggy
one trains otherwise."""

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


class Stepper:
    def __init__(self, model, opt):
        self.model = model
        self.opt = opt

    def step(self, x, y):
        self.opt.zero_grad()
        loss = nn.functional.mse_loss(self.model(x), y)
        loss.backward()
        self.opt.step()
        return loss


net = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.Tanh(), nn.Linear(8, 1))
opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.5)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
stepper = Stepper(net, opt)
losses = []
for epoch in range(3):
{train}    for x, y in data:
        losses.append(stepper.step(x, y).item())
    net.eval()
    with torch.no_grad():
        losses.append(sum(nn.functional.mse_loss(net(x), y).item() for x, y in data))
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_net_switched_back_before_the_stepper_trains(tmp_path: Path) -> None:
    buggy = SCRIPT.format(train="")
    hand = SCRIPT.format(train="    net.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
