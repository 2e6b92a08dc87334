"""A clip between the backward every micro-batch runs and the step of an accumulation
window (`loss.backward(); clip_grad_norm_(...); if (i + 1) % N == 0: optimizer.step()`,
the old pytorch-transformers fine-tuning loops; sweep46a): it clips partial sums on every
micro-batch. GF010 moves it under the window's test, right before the step; the fixed script
trains exactly like the hand-fixed one, and the buggy one otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import hashlib
import json

import torch
from torch import nn

MAX_NORM = 0.05
ACCUM = 3
torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(8)]
losses = []
'''
TAIL = '''digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
FOR_LOOP = HEAD + """optimizer.zero_grad()
for epoch in range(2):
    for i, (x, y) in enumerate(data):
        loss = nn.functional.mse_loss(model(x), y)
        (loss / ACCUM).backward()
{every}        losses.append(loss.item())
        if (i + 1) % ACCUM == 0:
{window}            optimizer.step()
            optimizer.zero_grad()
    if (i + 1) % ACCUM != 0:
        torch.nn.utils.clip_grad_norm_(model.parameters(), MAX_NORM)
        optimizer.step()
        optimizer.zero_grad()
""" + TAIL
WHILE_LOOP = HEAD + """

class Runner:
    def __init__(self, net, opt, clip):
        self.net, self.opt, self.clip = net, opt, clip

    def run(self, batches):
        done = 0
        it = iter(batches)
        self.opt.zero_grad()
        while done < len(batches):
            x, y = next(it)
            err = nn.functional.mse_loss(self.net(x), y)
            (err / ACCUM).backward()
{every}            losses.append(err.item())
            done += 1
            if done % ACCUM == 0 or done == len(batches):
{window}                self.opt.step()
                self.opt.zero_grad()


Runner(model, optimizer, MAX_NORM).run(data * 2)
""" + TAIL


@pytest.mark.parametrize(
    "template,clip,indent",
    [
        (FOR_LOOP, "torch.nn.utils.clip_grad_norm_(model.parameters(), MAX_NORM)", "        "),
        (WHILE_LOOP, "if self.clip:\n    nn.utils.clip_grad_value_(self.net.parameters(), self.clip)", "            "),
    ],
    ids=["for_loop_norm", "while_loop_method_value"],
)
def test_clip_moved_under_the_window_trains_like_the_hand_fix(tmp_path: Path, template: str, clip: str, indent: str) -> None:
    def block(prefix: str) -> str:
        return "".join(prefix + line + "\n" for line in clip.splitlines())

    buggy = template.format(every=block(indent), window="")
    hand = template.format(every="", window=block(indent + "    "))
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF010")
