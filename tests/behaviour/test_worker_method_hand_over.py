"""A3C-style workers whose hand-over is a method of the worker reading the module's shared
model as a global (`for lp, sp in zip(self.net.parameters(), shared.parameters())`): GF028
(guarded hand-over, shared gradients never cleared) and GF027 (a copy, local gradients never
cleared) read the method's `shared` as the loop's, and their fixes train exactly like the hand
fixes."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

_REPORT = '''digest = hashlib.sha256()
for param in shared.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

GUARDED = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
losses = []
shared = torch.nn.Linear(4, 1)
shared_opt = torch.optim.SGD(shared.parameters(), lr=0.05)


class Actor:
    def __init__(self):
        self.net = torch.nn.Linear(4, 1)

    def push(self):
        for mine, theirs in zip(self.net.parameters(), shared.parameters()):
            if theirs.grad is not None:
                return
            theirs._grad = mine.grad

    def work(self, rollouts):
        for obs, ret in rollouts:
            self.net.load_state_dict(shared.state_dict())
            self.net.zero_grad()
{hand}            loss = F.mse_loss(self.net(obs), ret)
            loss.backward()
            losses.append(loss.item())
            self.push()
            shared_opt.step()


Actor().work(list(zip(torch.randn(6, 8, 4), torch.randn(6, 8, 1))))
''' + _REPORT

COPIED = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
losses = []
shared = torch.nn.Linear(4, 1)
shared_opt = torch.optim.Adam(shared.parameters(), lr=1e-2)


class Learner:
    def __init__(self):
        self.copy = torch.nn.Linear(4, 1)

    def share(self):
        for own, common in zip(self.copy.parameters(), shared.parameters()):
            common.grad = own.grad.clone()

    def run(self, data):
        step = 0
        while step < len(data):
            obs, ret = data[step]
            self.copy.load_state_dict(shared.state_dict())
            shared_opt.zero_grad()
            loss = F.smooth_l1_loss(self.copy(obs), ret)
{hand}            loss.backward()
            losses.append(loss.item())
            self.share()
            shared_opt.step()
            step += 1


Learner().run(list(zip(torch.randn(6, 8, 4), torch.randn(6, 8, 1))))
''' + _REPORT


def test_gf028_clears_the_shared_optimizer_beside_the_local_clear(tmp_path: Path) -> None:
    buggy = GUARDED.format(hand="")
    hand = GUARDED.format(hand="            shared_opt.zero_grad()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF028")


def test_gf027_clears_the_local_model_before_the_backward(tmp_path: Path) -> None:
    buggy = COPIED.format(hand="")
    hand = COPIED.format(hand="            self.copy.zero_grad()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF027")
