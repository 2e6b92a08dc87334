"""GF010 in nanoGPT's accumulation shape: a clip inside `for micro_step in range(N):`, after
each micro-batch's backward, clips partial sums; the step after the loop applies a window's
gradient never clipped as a whole. The fix moves the clip to right before the step; the fixed
scripts (a plain loop, and a trainer method with a while loop) train exactly like the hand-fixed
ones, the buggy ones otherwise."""

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

HEAD = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
losses = []
net = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
opt = torch.optim.SGD(net.parameters(), lr=0.5)
data = [(torch.randn(5, 4) * 3, torch.randn(5, 1) * 3) for _ in range(12)]
'''

PLAIN = HEAD + '''GRAD_ACCUM = 3
for it in range(4):
    opt.zero_grad()
    for micro_step in range(GRAD_ACCUM):
        x, y = data[it * GRAD_ACCUM + micro_step]
        loss = nn.functional.mse_loss(net(x), y) / GRAD_ACCUM
        loss.backward()
{inside}        losses.append(loss.item())
{after}    opt.step()
''' + TAIL

METHOD = HEAD + '''

class Runner:
    def __init__(self, accum_steps):
        self.accum_steps = accum_steps

    def fit(self, iters):
        it = 0
        while it < iters:
            for micro_step in range(self.accum_steps):
                x, y = data[(it * self.accum_steps + micro_step) % len(data)]
                loss = nn.functional.mse_loss(net(x), y)
                (loss / self.accum_steps).backward()
{inside}                losses.append(loss.item())
{after}            opt.step()
            opt.zero_grad()
            it += 1


Runner(4).fit(3)
''' + TAIL


def fill(template: str, **parts: str) -> str:
    for key, text in parts.items():
        template = template.replace("{" + key + "}", text)
    return template


def test_clip_in_the_micro_step_loop(tmp_path: Path) -> None:
    clip = "torch.nn.utils.clip_grad_norm_(net.parameters(), 0.5)\n"
    buggy = fill(PLAIN, inside="        " + clip, after="")
    hand = fill(PLAIN, inside="", after="    " + clip)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF010")


def test_clip_in_the_micro_step_loop_of_a_method(tmp_path: Path) -> None:
    clip = "torch.nn.utils.clip_grad_value_(net.parameters(), 0.2)\n"
    buggy = fill(METHOD, inside="                " + clip, after="")
    hand = fill(METHOD, inside="", after="            " + clip)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF010")
