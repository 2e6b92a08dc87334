"""GF015 and GF006 on a counter started at -1 and incremented before the window's test
(`step = -1` ... `step += 1` ... `if step % N == 0:`): it counts from 0, so the first window
holds one micro-batch, and the tail after the last full window is never stepped. gradfix
shifts the test to `(step + 1)` and flushes the tail; the fixed script trains exactly like
the hand fix, and not like the buggy one."""

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
model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(7)]
N = 3
losses = []
step = -1
for x, y in data:
    step += 1
    loss = nn.functional.mse_loss(model(x), y) / N
    loss.backward()
    losses.append(loss.item())
    if {test} % N == 0:
        optimizer.step()
        optimizer.zero_grad()
{flush}
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

FLUSH = """
# the last micro-batches did not fill a whole window: step on them too
if (step + 1) % N != 0:
    optimizer.step()
    optimizer.zero_grad()
"""


def test_window_shifted_and_flushed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.format(test="step", flush="")
    hand = SCRIPT.format(test="(step + 1)", flush=FLUSH)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF015,GF006")
