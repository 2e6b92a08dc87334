"""Three spellings the loop analysis missed (variants51): the optimizer's methods bound to names
(`apply = opt.step` ... `apply()`), a trainer that calls itself (`loss = self(x, y)`, its
`__call__` handing the pieces to a static step method) and a scheduler imported under another
name (`CosineAnnealingLR as Cosine`, rebuilt each epoch). Each fixed script trains exactly like
its hand-fixed twin, and the buggy one does not."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(6)]
'''
TAIL = '''digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

BOUND = HEAD + '''model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.5)
apply = opt.step
losses = []
for x, y in data * 2:
{clear}    cost = nn.functional.mse_loss(model(x), y)
    cost.backward()
    apply()
    losses.append(cost.item())
''' + TAIL

SELF_CALL = HEAD + '''

class Trainer:
    def __init__(self, net):
        self.net = net
        self._opt = None

    @property
    def opt(self):
        if self._opt is None:
            self._opt = torch.optim.SGD(self.net.parameters(), lr=0.02, momentum=0.5)
        return self._opt

    @staticmethod
    def train_step(net, opt, x, y):
{clear}        loss = nn.functional.mse_loss(net(x), y)
        loss.backward()
        opt.step()
        return loss.item()

    def __call__(self, x, y):
        return Trainer.train_step(self.net, self.opt, x, y)

    def fit(self, batches):
        out = []
        for x, y in batches:
            out.append(self(x, y))
        return out


model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
losses = Trainer(model).fit(data * 2)
''' + TAIL

RENAMED = HEAD.replace("from torch import nn\n", "from torch import nn\nfrom torch.optim.lr_scheduler import CosineAnnealingLR as Cosine\n") + '''model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
losses = []
{outside}for epoch in range(4):
{inside}    for x, y in data:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    schedule.step()
''' + TAIL


def test_bound_step_cleared(tmp_path: Path) -> None:
    buggy = BOUND.format(clear="")
    hand = BOUND.format(clear="    opt.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")


def test_trainer_calling_itself_cleared(tmp_path: Path) -> None:
    buggy = SELF_CALL.format(clear="")
    hand = SELF_CALL.format(clear="        opt.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")


def test_renamed_scheduler_built_once(tmp_path: Path) -> None:
    line = "schedule = Cosine(optimizer, T_max=4)\n"
    buggy = RENAMED.format(outside="", inside="    " + line)
    hand = RENAMED.format(outside=line, inside="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF025")
