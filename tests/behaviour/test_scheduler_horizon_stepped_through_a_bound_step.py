"""GF020 on a StepLR whose horizon counts epochs (`step_size=EPOCHS // 2`) stepped on every
batch through a bound method (`tick = sched.step`, bound before the loops): the schedule runs
out in the first epoch. The fixed script (`tick()` moved after the batch loop, an unsafe fix)
trains exactly like the hand fix; with `tick` bound inside the batch loop no fix is offered."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import apply_gradfix, assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn as nn

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(24, 5), torch.randn(24, 1)
EPOCHS = 4


def fit(net):
    sgd = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
    sched = torch.optim.lr_scheduler.StepLR(sgd, step_size=EPOCHS // 2, gamma=0.5)
    BIND
    losses = []
    for epoch in range(EPOCHS):
        for i in range(0, 24, 6):
            sgd.zero_grad()
            loss = nn.functional.mse_loss(net(X[i : i + 6]), Y[i : i + 6])
            loss.backward()
            sgd.step()
            losses.append(loss.item())
INNER
OUTER
    return losses


net = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 1))
losses = fit(net)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_epoch_horizon_stepped_per_batch_through_a_bound_step_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    script = SCRIPT.replace("BIND", "tick = sched.step")
    buggy = script.replace("INNER", "            tick()").replace("OUTER\n", "")
    hand = script.replace("INNER\n", "").replace("OUTER", "        tick()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF020", "--unsafe-fixes")


def test_bound_step_bound_inside_the_batch_loop_gets_no_fix(tmp_path: Path) -> None:
    script = SCRIPT.replace("    BIND\n", "").replace("            sgd.zero_grad()", "            tick = sched.step\n            sgd.zero_grad()")
    buggy = script.replace("INNER", "            tick()").replace("OUTER\n", "")
    path = tmp_path / "src" / "train.py"
    path.parent.mkdir()
    path.write_text(buggy)
    fixed = apply_gradfix(path, tmp_path / "fixed", "--select", "GF020", "--unsafe-fixes")
    assert fixed.read_text() == buggy
