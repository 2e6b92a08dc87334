"""GF025 through a scheduler builder of another module of the project (`scheduler =
build_scheduler(optimizer, EPOCHS)` in the epoch loop, the builder in `schedules.py` returning a
`CosineAnnealingLR`; also `sched_utils.make_lr_scheduler(...)` through a module alias in a
`while` loop, returning a `MultiStepLR`): every epoch starts the schedule over. The fix moves the
call before the loop; the fixed script trains exactly like the hand fix and not like the buggy
one. The builder's module stays as it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCHEDULES = '''from torch.optim import lr_scheduler


def build_scheduler(optimizer, epochs):
    return lr_scheduler.CosineAnnealingLR(optimizer, T_max=epochs)


def make_lr_scheduler(optimizer, milestones):
    return lr_scheduler.MultiStepLR(optimizer, milestones=milestones, gamma=0.5)
'''

HEAD = '''import hashlib
import json

import torch

{imports}

torch.manual_seed(0)
torch.set_num_threads(1)
EPOCHS = 4
X, Y = torch.randn(16, 4), torch.randn(16, 2)
net = torch.nn.Sequential(torch.nn.Linear(4, 6), torch.nn.Tanh(), torch.nn.Linear(6, 2))
optimizer = torch.optim.SGD(net.parameters(), lr=0.2, momentum=0.9)
seen = []
'''

TAIL = '''digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": seen, "weights_sha256": digest.hexdigest()}))
'''

FOR_LOOP = '''BEFOREfor epoch in range(EPOCHS):
INSIDE    for i in range(0, 16, 4):
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(net(X[i : i + 4]), Y[i : i + 4])
        loss.backward()
        optimizer.step()
        seen.append(float(loss))
    scheduler.step()
'''

WHILE_LOOP = '''epoch = 0
BEFOREwhile epoch < EPOCHS:
INSIDE    for i in range(0, 16, 4):
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(net(X[i : i + 4]), Y[i : i + 4])
        loss.backward()
        optimizer.step()
        seen.append(float(loss))
    lr_sched.step()
    epoch += 1
'''


def _pair(imports: str, loop: str, build: str) -> tuple[str, str]:
    head = HEAD.format(imports=imports)
    buggy = head + loop.replace("BEFORE", "").replace("INSIDE", "    " + build) + TAIL
    hand = head + loop.replace("BEFORE", build).replace("INSIDE", "") + TAIL
    return buggy, hand


def test_a_builder_imported_by_name_is_called_once_before_the_loop(tmp_path: Path) -> None:
    buggy, hand = _pair("from schedules import build_scheduler", FOR_LOOP, "scheduler = build_scheduler(optimizer, EPOCHS)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF025", others={"schedules.py": SCHEDULES})


def test_a_builder_called_through_a_module_alias_in_a_while_loop(tmp_path: Path) -> None:
    buggy, hand = _pair("import schedules as sched_utils", WHILE_LOOP, "lr_sched = sched_utils.make_lr_scheduler(optimizer, [1, 2])\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF025", others={"schedules.py": SCHEDULES})
