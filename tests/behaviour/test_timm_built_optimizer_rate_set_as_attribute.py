"""GF024 on an optimizer built by timm's factory (`create_optimizer_v2(model, "sgd", ...)`): the
rate set as `opt.lr` is never read by `step()`. The fix (unsafe: timm builds two groups over a
module, with and without weight decay) writes the rate into every group and trains exactly like
the hand fix, with timm's own factory (the whole of timm imported, torchvision and PIL stubbed:
tests/libraries/standins/vision_stub.py; each script in a forked child of the fork server, which never imports timm itself)."""

from __future__ import annotations

import importlib.util
import runpy
from pathlib import Path

import pytest

from . import harness
from .harness import assert_fixed_like_hand

pytest.importorskip("torch")
if importlib.util.find_spec("timm") is None:
    pytest.skip("timm is not installed (pip install --no-deps timm)", allow_module_level=True)

STUB = runpy.run_path(str(Path(__file__).parents[1] / "libraries" / "standins" / "vision_stub.py"))["STUB"]

SCRIPT = STUB + '''
import hashlib
import json

import torch
from torch import nn
from timm.optim import create_optimizer_v2

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(5, 8), nn.LayerNorm(8), nn.Linear(8, 3))
opt = create_optimizer_v2(model, "sgd", lr=0.2, momentum=0.9, weight_decay=1e-3)
loader = [(torch.randn(4, 5), torch.randint(0, 3, (4,))) for _ in range(5)]
losses = []
for epoch in range(3):
    if epoch == 1:
SETTING
    for x, y in loader:
        opt.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        losses.append(loss.item())
        loss.backward()
        opt.step()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

BUGGY = "        opt.lr = 0.01"
HAND = BUGGY + '''
        for param_group in opt.param_groups:
            param_group["lr"] = opt.lr'''


def test_rate_set_on_a_timm_built_optimizer_is_written_into_its_groups(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(harness, "_NOT_PRELOADED", frozenset({"timm"}))  # the stub is in the script: timm imported in the child only
    assert_fixed_like_hand(tmp_path, SCRIPT.replace("SETTING", BUGGY), SCRIPT.replace("SETTING", HAND), "--select", "GF024", "--unsafe-fixes")
