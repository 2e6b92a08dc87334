"""torch's two-part clip (`get_total_norm` of the gradients, then `clip_grads_with_norm_` with
that norm) run after `optimizer.step()`: GF010 moves the clip before the step when the norm was
measured before it (the norm of the same gradients), and trains exactly like the hand-fixed
loop; when the norm is measured after the step it is reported without a fix (the clip cannot
move above the name it reads)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

torch = pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn
from torch.nn.utils import clip_grads_with_norm_, get_total_norm

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
data = [(torch.randn(6, 4), torch.randn(6, 1) * 3) for _ in range(6)]
losses = []


def train_epoch():
    for x, y in data:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        norm = get_total_norm([p.grad for p in model.parameters()])
{before}        optimizer.step()
{after}        losses.append(loss.item())


for epoch in range(3):
    train_epoch()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
CLIP = "        clip_grads_with_norm_(model.parameters(), 0.5, norm)\n"


@pytest.mark.skipif(not hasattr(torch.nn.utils, "clip_grads_with_norm_"), reason="torch without clip_grads_with_norm_")
def test_split_clip_moved_before_the_step(tmp_path: Path) -> None:
    buggy = SCRIPT.format(before="", after=CLIP)
    hand = SCRIPT.format(before=CLIP, after="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF010")
