"""GF006 on a window counter set to 0 before the epoch loop and never reset (`it += 1` in the
batch loop, `if it % N == 0: step`): its windows run across the epochs, so the only
micro-batches left without a step are those after the last epoch. The flush goes after the
epoch loop (a flush after the batch loop would cut every window at the epoch's end and train
otherwise), and the fixed script trains exactly like the hand-fixed one."""

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
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(10)]
losses = []


def train(model, loader, accumulation=4, epochs=3):
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    it = 0
    for _ in range(epochs):
        for xb, yb in loader:
            loss = nn.functional.mse_loss(model(xb), yb)
            (loss / accumulation).backward()
            losses.append(loss.item())
            it += 1
            if it % accumulation == 0:
                opt.step()
                opt.zero_grad()
{flush}

train(model, data)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
FLUSH = """
    # the last micro-batches did not fill a whole window: step on them too
    if it % accumulation != 0:
        opt.step()
        opt.zero_grad()
"""


def test_flush_goes_after_the_epoch_loop(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, SCRIPT.format(flush=""), SCRIPT.format(flush=FLUSH), "--select", "GF006")


# The same windows counted by a counter the window's own arm resets (`micro += 1` ... `if micro
# == accumulation: step; micro = 0`), set to 0 before the epoch loop and nowhere else: it is
# not reset at the epoch's start either, so its windows run across the epochs too.
RESET_SCRIPT = SCRIPT.replace("    it = 0\n", "    micro = 0\n").replace(
    "            it += 1\n            if it % accumulation == 0:\n                opt.step()\n                opt.zero_grad()\n",
    "            micro += 1\n            if micro == accumulation:\n                opt.step()\n                opt.zero_grad()\n                micro = 0\n",
)
RESET_FLUSH = """
    # the last micro-batches did not fill a whole window: step on them too
    if micro != 0:
        opt.step()
        opt.zero_grad()
"""


def test_flush_of_a_counter_reset_in_its_window_goes_after_the_epoch_loop(tmp_path: Path) -> None:
    assert "micro = 0\n{flush}" in RESET_SCRIPT  # the replacements above took
    assert_fixed_like_hand(tmp_path, RESET_SCRIPT.format(flush=""), RESET_SCRIPT.format(flush=RESET_FLUSH), "--select", "GF006")
