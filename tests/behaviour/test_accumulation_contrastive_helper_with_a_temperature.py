"""GF005 when the loss comes from a contrastive helper of the module that divides its logits
by a temperature (`logits / 0.2`): a literal that is no whole number counts no micro-batches,
so the helper does not scale the loss for the window and the loop's backward is divided by
the accumulation count. The fixed script trains exactly like the hand fix, not like the
buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
encoder = torch.nn.Linear(6, 4)
optimizer = torch.optim.SGD(encoder.parameters(), lr=0.5)
accum = 3
loader = [(torch.randn(5, 6), torch.randn(5, 6)) for _ in range(7)]


def info_nce(a, b):
    logits = F.normalize(a, dim=1) @ F.normalize(b, dim=1).t() / 0.2
    return F.cross_entropy(logits, torch.arange(a.shape[0]))


losses = []
for i, (v1, v2) in enumerate(loader):
    loss = info_nce(encoder(v1), encoder(v2))
    {backward}
    if (i + 1) % accum == 0 or (i + 1) == len(loader):
        optimizer.step()
        optimizer.zero_grad()
    losses.append(loss.item())
digest = hashlib.sha256()
for param in encoder.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_helper_temperature_is_no_window_division(tmp_path: Path) -> None:
    buggy = SCRIPT.format(backward="loss.backward()")
    hand = SCRIPT.format(backward="(loss / accum).backward()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005")
