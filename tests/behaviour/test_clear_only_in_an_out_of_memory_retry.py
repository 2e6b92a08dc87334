"""variants54's `retry` shape (fix54-v): the only clear of a batch loop sits in the `except
RuntimeError` handler of an out-of-memory retry that clears and `continue`s, so the iterations
that train never clear and the gradients pile up; the fix clears in every iteration, which then
trains like the hand fix (one batch of each epoch raises, taking the handler's path)."""

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
DATA = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(5)]
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)
losses = []
for epoch in range(3):
    for k, (x, y) in enumerate(DATA):
{clear}        try:
            loss = nn.functional.mse_loss(model(x), y)
            loss.backward()
            if k == (epoch + 1) % len(DATA):
                raise RuntimeError("CUDA out of memory (simulated)")
            optimizer.step()
            losses.append(loss.item())
        except RuntimeError as err:
            if "out of memory" not in str(err):
                raise
            optimizer.zero_grad(set_to_none=True)
            continue
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_clear_added_when_the_only_clear_is_in_a_retry_handler(tmp_path: Path) -> None:
    buggy = SCRIPT.format(clear="")
    hand = SCRIPT.format(clear="        optimizer.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")
