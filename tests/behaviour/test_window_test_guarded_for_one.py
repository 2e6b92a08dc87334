"""GF011 and GF006 on a window whose test also fires on every micro-batch when N is 1
(`if (i + 1) % N == 0 or N == 1:`, mammoth's `--virtual_bs_n` guard): with N > 1 that part is
false, and the loop is an accumulation loop that clears on every micro-batch and never steps
on the epoch's tail. gradfix removes the per-micro-batch clear (the window already clears
after its step: no second clear) and flushes the tail; the fixed script is the hand fix,
trains exactly like it, and not like the buggy one. With N = 1 it trains as the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand, assert_same_training, run_script

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(10)]
N = {n}
losses = []
for epoch in range(3):
{bind}    for i, (x, y) in enumerate(data):
{clear}        loss = nn.functional.mse_loss(model(x), y)
        (loss / N).backward()
        losses.append(loss.item())
        if (i + 1) % N == 0 or N == 1:
            opt.step()
            opt.zero_grad()
{flush}
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

CLEAR = "        opt.zero_grad()\n"
# the fix binds the index the flush reads before the loop too (a loader with no batch)
BIND = "    i = -1  # the flush after the loop reads it, also when the loop runs no batch\n"
FLUSH = """
    # the last micro-batches did not fill a whole window: step on them too
    if (i + 1) % N != 0:
        opt.step()
        opt.zero_grad()
"""


def test_cleared_per_window_and_flushed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.format(n=4, clear=CLEAR, bind="", flush="")
    hand = SCRIPT.format(n=4, clear="", bind=BIND, flush=FLUSH)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF011,GF006,GF015")


def test_with_one_micro_batch_per_window_the_fix_trains_as_before(tmp_path: Path) -> None:
    (tmp_path / "buggy.py").write_text(SCRIPT.format(n=1, clear=CLEAR, bind="", flush=""))
    (tmp_path / "hand.py").write_text(SCRIPT.format(n=1, clear="", bind=BIND, flush=FLUSH))
    assert_same_training(run_script(tmp_path / "hand.py"), run_script(tmp_path / "buggy.py"))
