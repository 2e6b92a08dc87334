"""GF002 where the iteration fetches the optimizer it steps (`opt = self.optimizers()` in a
Lightning manual step, `opt = self.opts[phase]` in a trainer's step method, `opt = pick(i)` in a
loop): the clear between the backward and the step moves to right after the statement that
binds the optimizer (the top of the iteration cannot name it yet). The fixed scripts train
exactly like the hand-fixed ones, the buggy ones not at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

TAIL = '''digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

METHOD = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
losses = []


class Trainer:
    def __init__(self, net):
        self.net = net
        self.opts = {"warm": torch.optim.SGD(net.parameters(), lr=0.01), "main": torch.optim.SGD(net.parameters(), lr=0.1)}

    def train_step(self, x, y, phase):
        opt = self.opts[phase]
{top}        loss = nn.functional.mse_loss(self.net(x), y)
        loss.backward()
{between}        opt.step()
        return loss.item()


net = nn.Sequential(nn.Linear(3, 6), nn.Tanh(), nn.Linear(6, 1))
trainer = Trainer(net)
for i in range(8):
    x = torch.randn(5, 3)
    losses.append(trainer.train_step(x, x.sum(1, keepdim=True), "warm" if i < 2 else "main"))
''' + TAIL

LOOP = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
losses = []
net = nn.Linear(4, 1)
opts = [torch.optim.SGD(net.parameters(), lr=0.05), torch.optim.Adam(net.parameters(), lr=0.01)]


def pick(i):
    return opts[0] if i < 3 else opts[1]


i = 0
while i < 7:
    opt = pick(i)
{top}    x = torch.randn(6, 4)
    loss = (net(x) - x.mean(1, keepdim=True)).pow(2).mean()
    loss.backward()
{between}    opt.step()
    losses.append(loss.item())
    i += 1
''' + TAIL


def fill(template: str, **parts: str) -> str:
    for key, text in parts.items():
        template = template.replace("{" + key + "}", text)
    return template


def test_step_method_fetching_its_optimizer(tmp_path: Path) -> None:
    buggy = fill(METHOD, top="", between="        opt.zero_grad(set_to_none=True)\n")
    hand = fill(METHOD, top="        opt.zero_grad(set_to_none=True)\n", between="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF002")


def test_while_loop_picking_its_optimizer(tmp_path: Path) -> None:
    buggy = fill(LOOP, top="", between="    opt.zero_grad()\n")
    hand = fill(LOOP, top="    opt.zero_grad()\n", between="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF002")
