"""GF012 in a step closure a factory returns, bound at the module's top level to the closure's
own name (`one_batch = make(net)` with `def one_batch(x, y)` inside `make`) and called from a
module-level `while` loop (`one_batch(*data[n % len(data)])`): the scheduler's step moves after
the optimizer's, and the fixed script trains exactly like the hand fix (the buggy one skips the
first learning rate, and trains otherwise)."""

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
data = [(torch.randn(16, 4), torch.randint(0, 3, (16,))) for _ in range(5)]
losses = []


def make(net):
    opt = torch.optim.SGD(net.parameters(), lr=0.2, momentum=0.9)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)

    def one_batch(x, y):
        opt.zero_grad()
        loss = nn.functional.cross_entropy(net(x), y)
        loss.backward()
{steps}
        losses.append(loss.item())

    return one_batch


net = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 3))
one_batch = make(net)
n = 0
while n < 12:
{call}
    n += 1
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
BUGGY = """        sched.step()
        opt.step()"""
HAND = """        opt.step()
        sched.step()"""
CALLS = {
    "starred": "    one_batch(*data[n % len(data)])",
    "unpacked": "    x, y = data[n % len(data)]\n    one_batch(x, y)",
}


@pytest.mark.parametrize("call", sorted(CALLS))
def test_the_closure_steps_the_optimizer_first_after_the_fix(tmp_path: Path, call: str) -> None:
    buggy = SCRIPT.format(steps=BUGGY, call=CALLS[call])
    hand = SCRIPT.format(steps=HAND, call=CALLS[call])
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF012")
