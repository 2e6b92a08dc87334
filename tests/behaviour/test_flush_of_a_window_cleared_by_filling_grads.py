"""GF006 on an accumulation window cleared by hand with `p.grad.data.fill_(0)` after each
step (sweep39a: that idiom is a clear, like `p.grad.zero_()`; before, GF001 took the loop for one
that never clears). The flush after the loop repeats the window's own clear, and the fixed
script trains exactly like the hand-fixed one (a `fill_(0)` loop stepping every iteration:
clean/gf001_parameter_grads_filled_with_zero_after_the_step.py). Session 40: `p.grad *= 0`
(a literal zero multiplied in place) is such a clear too, guarded by `if p.grad is not None:`
(the guard's read no longer takes the window for one scaled by hand)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

ACCUM = 3
torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(8)]
losses = []
for epoch in range(3):
{bind}    for i, (x, y) in enumerate(data):
        loss = nn.functional.mse_loss(model(x), y)
        (loss / ACCUM).backward()
        losses.append(loss.item())
        if (i + 1) % ACCUM == 0:
            optimizer.step()
            for p in model.parameters():
                if p.grad is not None:
                    {clear}
{flush}digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
FLUSH = """
    # the last micro-batches did not fill a whole window: step on them too
    if (i + 1) % ACCUM != 0:
        optimizer.step()
        for p in model.parameters():
            if p.grad is not None:
                {clear}
"""# the fix binds the index the flush reads before the loop too (a loader with no batch)
BIND = "    i = -1  # the flush after the loop reads it, also when the loop runs no batch\n"


@pytest.mark.parametrize("clear", ["p.grad.data.fill_(0)", "p.grad *= 0"])
def test_flush_repeats_the_fill_clear(tmp_path: Path, clear: str) -> None:
    before = SCRIPT.format(bind="", flush="", clear=clear)
    hand = SCRIPT.format(bind=BIND, flush=FLUSH.format(clear=clear), clear=clear)
    assert_fixed_like_hand(tmp_path, before, hand, "--select", "GF006")

