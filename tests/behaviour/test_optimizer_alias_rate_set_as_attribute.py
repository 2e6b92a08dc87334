"""GF024 through another name for the optimizer (`tuner = adam` ... `tuner.lr = ...`, the
facts reading the alias as the optimizer) and through a lazily built optimizer property
(`self.opt.lr = ...`, `opt` returning `self._opt`): each fixed script writes the rate into
the parameter groups and trains exactly like the hand fix; the buggy one does not."""

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
data = [(torch.randn(8, 5), torch.randint(0, 2, (8,))) for _ in range(4)]
net = nn.Sequential(nn.Linear(5, 10), nn.ReLU(), nn.Linear(10, 2))
sgd = torch.optim.SGD(net.parameters(), lr=0.1)
tuner = sgd
losses = []
for epoch in range(3):
    tuner.lr = 0.1 * 0.2 ** epoch
{groups}    for xb, yb in data:
        tuner.zero_grad()
        loss = nn.functional.cross_entropy(net(xb), yb)
        loss.backward()
        tuner.step()
        losses.append(loss.item())
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_rate_set_on_an_alias_of_the_optimizer(tmp_path: Path) -> None:
    buggy = SCRIPT.format(groups="")
    hand = SCRIPT.format(groups='    for param_group in tuner.param_groups:\n        param_group["lr"] = tuner.lr\n')
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF024")


PROPERTY = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
data = [(torch.randn(8, 5), torch.randint(0, 2, (8,))) for _ in range(4)]


class Runner:
    def __init__(self, net):
        self.net = net
        self._opt = None

    @property
    def opt(self):
        if self._opt is None:
            self._opt = torch.optim.SGD(self.net.parameters(), lr=0.1)
        return self._opt

    def fit(self):
        out = []
        for epoch in range(3):
            self.opt.lr = 0.1 * 0.2 ** epoch
{groups}            for xb, yb in data:
                self.opt.zero_grad()
                loss = nn.functional.cross_entropy(self.net(xb), yb)
                loss.backward()
                self.opt.step()
                out.append(loss.item())
        return out


net = nn.Sequential(nn.Linear(5, 10), nn.ReLU(), nn.Linear(10, 2))
losses = Runner(net).fit()
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_rate_set_on_a_lazily_built_optimizer_property(tmp_path: Path) -> None:
    buggy = PROPERTY.format(groups="")
    hand = PROPERTY.format(groups='            for param_group in self.opt.param_groups:\n                param_group["lr"] = self.opt.lr\n')
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF024")
