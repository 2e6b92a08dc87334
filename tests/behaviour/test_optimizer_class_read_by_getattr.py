"""GF024 on an optimizer whose class a config names (`getattr(torch.optim, cfg["optimizer"])(...)`):
`optimizer.lr = ...` changes nothing until it is written into the parameter groups. The fixed
script trains exactly like the hand fix, not like the buggy one."""

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
loader = [(X[i : i + 6], Y[i : i + 6]) for i in range(0, 24, 6)]
CFG = {"optimizer": "SGD", "args": {"lr": 0.1, "momentum": 0.9}, "epochs": 3}
losses = []
model = torch.nn.Linear(4, 1)
optimizer = getattr(torch.optim, CFG["optimizer"])(model.parameters(), **CFG["args"])
for epoch in range(CFG["epochs"]):
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    optimizer.lr = 0.1 * 0.5 ** (epoch + 1)
GROUPS
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

GROUPS = '    for param_group in optimizer.param_groups:\n        param_group["lr"] = optimizer.lr'


def test_getattr_built_optimizer_setting_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("GROUPS\n", "")
    hand = SCRIPT.replace("GROUPS", GROUPS)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF024")
