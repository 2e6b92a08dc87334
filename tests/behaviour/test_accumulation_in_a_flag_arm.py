"""GF005 on a window written in one arm of a setting (`if accum > 1:` accumulating, `else:` a
plain step): the arm's backward is divided by N, and the fixed script trains exactly like its
hand-fixed twin; the buggy one trains otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import argparse
import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
parser = argparse.ArgumentParser()
parser.add_argument("--accum", type=int, default=3)
args = parser.parse_args([])
model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.5)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(7)]
losses = []
for epoch in range(2):
    for i, (x, y) in enumerate(data):
        loss = nn.functional.mse_loss(model(x), y)
        losses.append(loss.item())
        if args.accum > 1:
            {backward}
            if (i + 1) % args.accum == 0:
                optimizer.step()
                optimizer.zero_grad()
        else:
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    if args.accum > 1 and (i + 1) % args.accum != 0:
        optimizer.step()
        optimizer.zero_grad()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_window_in_the_accumulating_arm_divided(tmp_path: Path) -> None:
    buggy = SCRIPT.format(backward="loss.backward()")
    hand = SCRIPT.format(backward="(loss / args.accum).backward()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005")
