"""GF006 on a window counted by a counter that goes up after the loop's `continue` (a skipped
batch) and before the backward: it counts the backwards, so the flush after the loop testing
`taken % N != 0` steps the waiting micro-batches also when the last batch was skipped, and the
fixed script trains exactly like the hand fix. The same loop counting the `enumerate` index is
reported without a fix: a flush by the index misses the tail when the skipped last batch closes
a window (`flushed_by_the_index` below trains otherwise than the hand fix)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand, run_script

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
# the last batch of each epoch (index 5, closing the second window of 3) is empty and skipped
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(5)] + [(torch.randn(0, 4), torch.randn(0, 1))]
N = 3
losses = []
for epoch in range(3):
{before}    for i, (x, y) in enumerate(data):
        if x.shape[0] == 0:
            continue
{count}        loss = nn.functional.mse_loss(model(x), y) / N
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
    if {test} % N != 0:
        optimizer.step()
        optimizer.zero_grad()
"""

COUNTED = dict(before="    taken = 0\n", count="        taken += 1\n", test="taken")


def test_counter_of_the_backwards_is_flushed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.format(flush="", **COUNTED)
    hand = SCRIPT.format(flush=FLUSH.format(test="taken"), **COUNTED)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF006")


def test_a_flush_by_the_enumerate_index_is_not_the_hand_fix(tmp_path: Path) -> None:
    flushed_by_the_index = SCRIPT.format(
        before="    i = -1\n", count="", test="(i + 1)", flush=FLUSH.format(test="(i + 1)")
    )
    hand = SCRIPT.format(flush=FLUSH.format(test="taken"), **COUNTED)
    by_index = tmp_path / "by_index.py"
    by_index.write_text(flushed_by_the_index)
    by_hand = tmp_path / "hand.py"
    by_hand.write_text(hand)
    assert run_script(by_index) != run_script(by_hand)
