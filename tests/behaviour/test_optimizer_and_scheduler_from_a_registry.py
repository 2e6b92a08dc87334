"""GF024 and GF025 on an optimizer and a scheduler built through a registry whose entries are
statically known (a dict literal of torch's classes, never written to, here in another module
of the project): `optimizer.lr = 0.01` changes nothing until it is written into the parameter
groups, and a cosine schedule built again on every epoch starts over at the base rate. The
fixed script trains exactly like the hand fix, not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

REGISTRY = '''import torch
from torch.optim import lr_scheduler

OPTIMIZERS = {"sgd": torch.optim.SGD, "adam": torch.optim.Adam}
SCHEDULES = {"cosine": lr_scheduler.CosineAnnealingLR, "multistep": lr_scheduler.MultiStepLR}
'''

SCRIPT = '''import hashlib
import json

import torch

from registry import OPTIMIZERS, SCHEDULES

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(24, 4), torch.randn(24, 1)
loader = [(X[i : i + 6], Y[i : i + 6]) for i in range(0, 24, 6)]
CFG = {"opt": "sgd", "sched": "cosine", "epochs": 4}
losses = []


def fit(model):
    optimizer = OPTIMIZERS[CFG["opt"]](model.parameters(), lr=0.1)
    for epoch in range(CFG["epochs"]):
        if epoch == 2:
            optimizer.lr = 0.01
GROUPS        for x, y in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
            losses.append(loss.item())


def fit_scheduled(model):
    optimizer = OPTIMIZERS.get(CFG["opt"])(model.parameters(), lr=0.1)
    epoch = 0
BEFORE    while epoch < CFG["epochs"]:
INSIDE        for x, y in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
        schedule.step()
        epoch += 1


first, second = torch.nn.Linear(4, 1), torch.nn.Linear(4, 1)
fit(first)
fit_scheduled(second)
digest = hashlib.sha256()
for param in [*first.parameters(), *second.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

GROUPS = '            for param_group in optimizer.param_groups:\n                param_group["lr"] = optimizer.lr\n'
SCHEDULE = 'schedule = SCHEDULES[CFG["sched"]](optimizer, CFG["epochs"])\n'


def test_registry_built_optimizer_and_scheduler_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("GROUPS", "").replace("BEFORE", "").replace("INSIDE", "        " + SCHEDULE)
    hand = SCRIPT.replace("GROUPS", GROUPS).replace("BEFORE", "    " + SCHEDULE).replace("INSIDE", "")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF024,GF025", others={"registry.py": REGISTRY})
