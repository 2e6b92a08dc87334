"""variants54's `retry` shape (fix54-v): `model.zero_grad()` is the only clear the training
iterations run (the optimizer's own clear sits in an out-of-memory `except` block that ends by
`continue`), while the optimizer also steps a temperature outside the model; the (unsafe) fix
clears with the optimizer and trains like the hand fix (one batch per epoch takes the handler)."""

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
DATA = [(torch.randn(8, 4), torch.randint(0, 3, (8,))) for _ in range(5)]
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))
temp = nn.Parameter(torch.ones(1))
optimizer = torch.optim.SGD(list(model.parameters()) + [temp], lr=0.05, momentum=0.9)
losses = []
for epoch in range(3):
    for k, (x, y) in enumerate(DATA):
        try:
            {clear}
            loss = nn.functional.cross_entropy(model(x) / temp, y)
            loss.backward()
            if k == epoch + 1:
                raise RuntimeError("CUDA out of memory (simulated)")
            optimizer.step()
            losses.append(loss.item())
        except RuntimeError as err:
            if "out of memory" not in str(err):
                raise
            optimizer.zero_grad()
            continue
digest = hashlib.sha256()
for param in [*model.parameters(), temp]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_model_clear_replaced_by_the_optimizers(tmp_path: Path) -> None:
    buggy = SCRIPT.format(clear="model.zero_grad()")
    hand = SCRIPT.format(clear="optimizer.zero_grad()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF008", "--unsafe-fixes")
