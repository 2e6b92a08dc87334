"""GF005 on timm's accumulation window: `loss_scaler(loss, optimizer, need_update=need_update)`
backpropagates every micro-batch and steps only when told; `if not need_update: continue` ends
the other micro-batches. The fix divides the loss handed to the scaler by the window's size and
trains exactly like the hand fix, with timm's own NativeScaler (timm/utils/cuda.py, loaded
without timm's package __init__, which needs torchvision)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")
if importlib.util.find_spec("timm") is None:
    pytest.skip("timm is not installed (pip install --no-deps timm)", allow_module_level=True)

SCRIPT = '''import hashlib
import importlib.util
import json
import sys
import types
from pathlib import Path

import torch
from torch import nn

# timm's package __init__ imports torchvision: load timm.utils from the wheel without it
root = Path(importlib.util.find_spec("timm").origin).parent
for package in ("timm", "timm.utils"):
    shell = types.ModuleType(package)
    shell.__path__ = [str(root.joinpath(*package.split(".")[1:]))]
    sys.modules[package] = shell
from timm.utils.cuda import NativeScaler  # noqa: E402

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 3))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
loss_scaler = NativeScaler()
loader = [(torch.randn(4, 5), torch.randint(0, 3, (4,))) for _ in range(7)]
accum_steps = 3
losses = []
for epoch in range(2):
    for i, (x, y) in enumerate(loader):
        need_update = (i + 1) % accum_steps == 0 or i + 1 == len(loader)
        loss = nn.functional.cross_entropy(model(x), y)
        losses.append(loss.item())
        loss_scaler({loss}, optimizer, clip_grad=5.0, parameters=model.parameters(), need_update=need_update)
        if not need_update:
            continue
        optimizer.zero_grad()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_undivided_loss_of_a_told_scaler_is_divided_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.format(loss="loss")
    hand = SCRIPT.format(loss="loss / accum_steps")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005")
