"""An iteration split in two arms by a setting that holds for the whole loop and reads no N
(`if cfg["model"] in PRETRAINED:` accumulating over a window, `else:` a recurrent model trained
plainly, its clip written before the backward): GF006 flushes the window's leftover
micro-batches under the same setting, GF010 moves the `else` arm's clip between its backward
and its step. Each fixed script trains exactly like its hand-fixed twin; the buggy one does
not."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

PRETRAINED = ("bert", "roberta")
torch.manual_seed(0)
torch.set_num_threads(1)
cfg = {{"model": "{kind}", "accum": 3}}
net = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.5)
batches = [(torch.randn(8, 4), 3 * torch.randn(8, 1)) for _ in range(7)]
losses = []
for epoch in range(2):
{bind}    for i, (x, y) in enumerate(batches):
        if cfg["model"] in PRETRAINED:
            loss = nn.functional.mse_loss(net(x), y) / cfg["accum"]
            losses.append(loss.item())
            loss.backward()
            if (i + 1) % cfg["accum"] == 0:
                opt.step()
                opt.zero_grad()
        else:
{plain}
            opt.step()
            opt.zero_grad()
{flush}digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

CLIP_FIRST = """            nn.utils.clip_grad_norm_(net.parameters(), 0.05)
            loss = nn.functional.mse_loss(net(x), y)
            losses.append(loss.item())
            loss.backward()"""
CLIP_AFTER_BACKWARD = """            loss = nn.functional.mse_loss(net(x), y)
            losses.append(loss.item())
            loss.backward()
            nn.utils.clip_grad_norm_(net.parameters(), 0.05)"""
# the fix binds the index the flush reads before the loop too (a loader with no batch)
BIND = "    i = -1  # the flush after the loop reads it, also when the loop runs no batch\n"
FLUSH = """
    # the last micro-batches did not fill a whole window: step on them too
    if cfg["model"] in PRETRAINED and (i + 1) % cfg["accum"] != 0:
        opt.step()
        opt.zero_grad()
"""


def test_window_arm_flushed_under_the_setting(tmp_path: Path) -> None:
    buggy = SCRIPT.format(kind="bert", plain=CLIP_AFTER_BACKWARD, bind="", flush="")
    hand = SCRIPT.format(kind="bert", plain=CLIP_AFTER_BACKWARD, bind=BIND, flush=FLUSH)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF006")


def test_clip_of_the_plain_arm_moved_after_its_backward(tmp_path: Path) -> None:
    buggy = SCRIPT.format(kind="lstm", plain=CLIP_FIRST, bind=BIND, flush=FLUSH)
    hand = SCRIPT.format(kind="lstm", plain=CLIP_AFTER_BACKWARD, bind=BIND, flush=FLUSH)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF010")
