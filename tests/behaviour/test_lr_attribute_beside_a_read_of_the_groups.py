"""GF024 on `optimizer.lr = ...` in a file whose only other use of the parameter groups is a
comprehension that reads them (`[g["lr"] for g in optimizer.param_groups]`, logging): the
attribute changes nothing, the rate stays. The fixed script trains exactly like the hand fix,
not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(24, 4), torch.randn(24, 1)
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
losses = []
for epoch in range(4):
    for i in range(0, 24, 6):
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(X[i : i + 6]), Y[i : i + 6])
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    optimizer.lr = 0.1 * 0.5 ** (epoch + 1)
GROUPS    losses.append(min(g["lr"] for g in optimizer.param_groups))
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

GROUPS = '    for param_group in optimizer.param_groups:\n        param_group["lr"] = optimizer.lr\n'


def test_lr_attribute_beside_a_read_of_the_groups_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("GROUPS", "")
    hand = SCRIPT.replace("GROUPS", GROUPS)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF024")
