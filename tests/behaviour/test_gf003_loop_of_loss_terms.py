"""GF003 on a loop of loss terms (`for t in terms: t.backward(retain_graph=True)` after one
forward; the lead's blind check d06). `gradfix --write` (GF003, then GF004 on the merged call)
leaves `sum(terms).backward()`: the text of the hand fix, and it trains like the original loop
and like the hand fix (the gradient of the sum is the sum of the gradients; only the order of
float additions differs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import apply_gradfix, assert_same_training, run_script

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
net = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3))
optim = torch.optim.AdamW(net.parameters(), lr=3e-3)
DATA = [(torch.randn(8, 6), torch.randint(0, 3, (8,))) for _ in range(5)]
losses = []
for epoch in range(3):
    for inputs, labels in DATA:
        optim.zero_grad(set_to_none=True)
        logits = net(inputs)
        parts = [F.cross_entropy(logits, labels), 0.1 * logits.pow(2).mean()]
{backward}        optim.step()
        losses.append(sum(p.item() for p in parts))
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest(),
                   "extra": {{"weights": torch.cat([p.detach().flatten() for p in net.parameters()]).tolist()}}}}))
'''

LOOP = "        for part in parts:\n            part.backward(retain_graph=True)\n"
HAND = "        sum(parts).backward()\n"
ROUNDING = (1e-6, 1e-6)  # (rtol, atol), as for the seed's two-backward example


def test_loop_of_terms_fixed_to_the_hand_fix_and_trains_like_it(tmp_path: Path) -> None:
    buggy = tmp_path / "buggy" / "train.py"
    hand = tmp_path / "hand" / "train.py"
    for path, backward in ((buggy, LOOP), (hand, HAND)):
        path.parent.mkdir()
        path.write_text(SCRIPT.format(backward=backward))
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF003,GF004")
    assert fixed.read_text() == hand.read_text()
    expected = run_script(hand)
    # the fixed script is the hand fix's text: it trains exactly like it
    assert run_script(fixed) == expected
    # and the original loop trained the same, up to the order of float additions
    assert_same_training(run_script(buggy), expected, tolerance=ROUNDING)
