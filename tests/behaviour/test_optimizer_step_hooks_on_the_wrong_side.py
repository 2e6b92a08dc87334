"""Optimizer step hooks registered on the wrong side of the step: a pre-hook that clears (GF002),
a post-hook that clips (GF010), a pre-hook that steps the scheduler (GF012). Each fix registers
the same hook on the other side: the fixed script is the hand fix's text, trains exactly like
it with real torch, and the buggy one trains otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
x = torch.randn(32, 4)
y = torch.randn(32, 1)
net = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
opt = torch.optim.SGD(net.parameters(), lr=0.2, momentum=0.5)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=3, gamma=0.5)


def hook(optimizer, args, kwargs):
    {action}


opt.{side}(hook)
losses = []
for epoch in range(3):
    for i in range(0, 32, 8):
{clear}        loss = F.mse_loss(net(x[i : i + 8]), y[i : i + 8])
        loss.backward()
        opt.step()
        losses.append(loss.item())
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

PRE, POST = "register_step_pre_hook", "register_step_post_hook"
CLEAR = "        opt.zero_grad()\n"


@pytest.mark.parametrize(
    ("code", "action", "clear", "wrong", "right"),
    [
        ("GF002", "optimizer.zero_grad()", "", PRE, POST),
        ("GF010", "torch.nn.utils.clip_grad_norm_(net.parameters(), 0.05)", CLEAR, POST, PRE),
        ("GF012", "sched.step()", CLEAR, PRE, POST),
    ],
)
def test_hook_moved_to_the_other_side_trains_like_the_hand_fix(
    tmp_path: Path, code: str, action: str, clear: str, wrong: str, right: str
) -> None:
    buggy = SCRIPT.format(action=action, clear=clear, side=wrong)
    hand = SCRIPT.format(action=action, clear=clear, side=right)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", code)
