"""Adversarial training whose attack takes an input's gradient: the perturbation's own clear
(`delta.grad.zero_()`, `x_adv.grad = None`) and reads (`x_pert.grad.sign()`) are not the
parameters'. GF001 reports a loop that never clears the optimizer, or clears it only before
the attack (its unsafe fix clears right after the attack, whose backward filled the
parameters' gradients too), GF002 a clear
between the backward and the step of free adversarial training (moved to the top). The fixed
scripts train exactly like the hand-fixed ones, the buggy ones not."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import hashlib
import json

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))
opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
batches = [(torch.randn(6, 4), torch.randint(0, 3, (6,))) for _ in range(4)]
losses = []
'''

TAIL = '''digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

PGD = HEAD + '''for epoch in range(2):
    for x, y in batches:
{top}        delta = torch.zeros_like(x, requires_grad=True)
        for _ in range(3):
            F.cross_entropy(net(x + delta), y).backward()
            delta.data = (delta + 0.05 * delta.grad.sign()).clamp(-0.1, 0.1)
            delta.grad.zero_()
{clear}        loss = F.cross_entropy(net(x + delta.detach()), y)
        loss.backward()
        opt.step()
        losses.append(loss.item())
''' + TAIL

FGSM = HEAD + '''step = 0
while step < 6:
    x, y = batches[step % len(batches)]
    x_adv = x.clone().requires_grad_(True)
    F.cross_entropy(net(x_adv), y).backward()
    x_adv = (x + 0.1 * x_adv.grad.sign()).detach()
{clear}    loss = F.cross_entropy(net(x), y) + F.cross_entropy(net(x_adv), y)
    loss.backward()
    opt.step()
    losses.append(loss.item())
    step += 1
''' + TAIL

FREE = HEAD + '''

def replay(x, y, pert, times=3):
    k = 0
    while k < times:
{top}        x_pert = (x + pert).requires_grad_(True)
        loss = F.cross_entropy(net(x_pert), y)
        loss.backward()
        pert = (pert + 0.05 * x_pert.grad.sign()).clamp(-0.1, 0.1)
{between}        opt.step()
        losses.append(loss.item())
        k += 1
    return pert


pert = torch.zeros(6, 4)
for x, y in batches:
    pert = replay(x, y, pert)
''' + TAIL


def fill(template: str, **parts: str) -> str:
    for key, text in parts.items():
        template = template.replace("{" + key + "}", text)
    return template


def test_pgd_loop_clearing_only_its_perturbation(tmp_path: Path) -> None:
    buggy = fill(PGD, top="", clear="")
    hand = fill(PGD, top="", clear="        opt.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--unsafe-fixes", "--select", "GF001")


def test_pgd_loop_clearing_the_optimizer_before_the_attack(tmp_path: Path) -> None:
    # the clear first in the iteration stays; the attack's backward passes still reach the
    # parameters' gradients after it: the fix clears again after the attack (fix68-H)
    top = "        opt.zero_grad(set_to_none=True)\n"
    buggy = fill(PGD, top=top, clear="")
    hand = fill(PGD, top=top, clear=top)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--unsafe-fixes", "--select", "GF001")


def test_fgsm_while_loop_never_clearing_the_optimizer(tmp_path: Path) -> None:
    buggy = fill(FGSM, clear="")
    hand = fill(FGSM, clear="    opt.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--unsafe-fixes", "--select", "GF001")


def test_free_replay_clearing_after_the_perturbation_read(tmp_path: Path) -> None:
    buggy = fill(FREE, top="", between="        opt.zero_grad()\n")
    hand = fill(FREE, top="        opt.zero_grad()\n", between="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF002")
