"""GF005 on timm's accumulation window written in the scaler's keyword:
`loss_scaler(loss, optimizer, need_update=(i + 1) % accum_steps == 0)` backpropagates every
micro-batch and unscales, clips and steps only when the keyword is true (timm/utils/cuda.py
NativeScaler.__call__); there is no `if` around the step. The fix divides the loss handed to the
scaler by the window's size and trains exactly like the hand fix, with timm's own NativeScaler
(loaded without timm's package __init__, which needs torchvision). Both the keyword's own
expression and a flag bound before the call (`boundary = ...`, cleared under `if boundary:`)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")
if importlib.util.find_spec("timm") is None:
    pytest.skip("timm is not installed (pip install --no-deps timm)", allow_module_level=True)

PREAMBLE = '''import hashlib
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
'''

KEYWORD = PREAMBLE + '''for epoch in range(2):
    for i, (x, y) in enumerate(loader):
        loss = nn.functional.cross_entropy(model(x), y)
        losses.append(loss.item())
        loss_scaler({loss}, optimizer, clip_grad=5.0, parameters=model.parameters(), need_update=(i + 1) % accum_steps == 0)
        if (i + 1) % accum_steps == 0:
            optimizer.zero_grad()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

FLAG = PREAMBLE + '''step = 0
while step < 2 * len(loader):
    x, y = loader[step % len(loader)]
    boundary = (step + 1) % accum_steps == 0 or step + 1 == 2 * len(loader)
    loss = nn.functional.cross_entropy(model(x), y)
    losses.append(loss.item())
    loss_scaler({loss}, optimizer, need_update=boundary)
    if boundary:
        optimizer.zero_grad()
    step += 1
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


@pytest.mark.parametrize("script", [KEYWORD, FLAG], ids=["keyword", "flag"])
def test_undivided_loss_of_a_scaler_told_by_its_keyword_is_divided_like_the_hand_fix(tmp_path: Path, script: str) -> None:
    buggy = script.format(loss="loss")
    hand = script.format(loss="loss / accum_steps")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005")
