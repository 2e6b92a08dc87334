"""GF023 on a loop that steps through a bound method (`go = sgd.step`, or a tuple unpacking
`reset, update = opt.zero_grad, opt.step` in a method's `while` loop) after a
`scaler.scale(loss).backward()`: the step applies gradients still multiplied by the loss scale.
The fixed script (`scaler.step(sgd)` written in place of `go()`, `scaler.update()` after it:
an unsafe fix, as for a direct `sgd.step()` with no update) trains exactly like the hand fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

FUNCTION = '''import hashlib
import json

import torch
import torch.nn as nn

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(24, 5), torch.randn(24, 1)


def fit(net, epochs):
    sgd = torch.optim.SGD(net.parameters(), lr=0.05)
    grad_scaler = torch.amp.GradScaler("cpu")
    wipe = sgd.zero_grad
    go = sgd.step
    losses = []
    for epoch in range(epochs):
        for i in range(0, 24, 6):
            wipe()
            out = nn.functional.mse_loss(net(X[i : i + 6]), Y[i : i + 6])
            grad_scaler.scale(out).backward()
STEP
            losses.append(out.item())
    return losses


net = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 1))
losses = fit(net, 3)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

METHOD = '''import hashlib
import json

import torch
import torch.nn as nn

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(24, 5), torch.randint(0, 3, (24,))


class Runner:
    def __init__(self, net):
        self.net = net

    def run(self, optim, rounds):
        scaler = torch.amp.GradScaler("cpu")
        reset, update = optim.zero_grad, optim.step
        losses = []
        n = 0
        while n < rounds:
            i = (n % 4) * 6
            reset()
            loss = nn.functional.cross_entropy(self.net(X[i : i + 6]), Y[i : i + 6])
            scaler.scale(loss).backward()
STEP
            losses.append(loss.item())
            n += 1
        return losses


net = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 3))
losses = Runner(net).run(torch.optim.Adam(net.parameters(), lr=1e-2), 10)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_scaled_loss_stepped_through_a_bound_step_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = FUNCTION.replace("STEP", "            go()")
    hand = FUNCTION.replace("STEP", "            grad_scaler.step(sgd)\n            grad_scaler.update()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF023", "--unsafe-fixes")


def test_scaled_loss_stepped_through_an_unpacked_bound_step_in_a_method_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = METHOD.replace("STEP", "            update()")
    hand = METHOD.replace("STEP", "            scaler.step(optim)\n            scaler.update()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF023", "--unsafe-fixes")
