"""Two timm idioms, with timm's own code (the whole of timm imported, torchvision and PIL
stubbed: tests/libraries/standins/vision_stub.py; each script in a forked child of the fork server, which never imports timm itself):
- GF030: `create_optimizer_v2(model, "adamw", ...)` built at the top of every epoch restarts
  AdamW's moments and step count each epoch; the fix builds it once before the loop and trains
  exactly like the hand fix, the buggy script otherwise.
- GF018: timm's `BinaryCrossEntropy` applies the sigmoid itself (its forward is
  `binary_cross_entropy_with_logits`); fed `torch.sigmoid(...)` the gradients shrink. The fix
  hands it the logits, as the hand fix does."""

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

TAIL = '''
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

REBUILT = STUB + '''
import hashlib
import json

import torch
from torch import nn
from timm.optim import create_optimizer_v2

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(5, 8), nn.LayerNorm(8), nn.Linear(8, 3))
loader = [(torch.randn(4, 5), torch.randint(0, 3, (4,))) for _ in range(4)]
losses = []
BUILD_ONCE
for epoch in range(3):
BUILD_EACH
    for x, y in loader:
        opt.zero_grad(set_to_none=True)
        loss = nn.functional.cross_entropy(model(x), y)
        losses.append(loss.item())
        loss.backward()
        opt.step()
''' + TAIL

BUILD = 'opt = create_optimizer_v2(model, "adamw", lr=0.01, weight_decay=0.01)'

BCE = STUB + '''
import hashlib
import json

import torch
from torch import nn
from timm.loss import BinaryCrossEntropy

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 3))
criterion = BinaryCrossEntropy(smoothing=0.1)
opt = torch.optim.SGD(model.parameters(), lr=0.5, momentum=0.9)
loader = [(torch.randn(4, 5), torch.randint(0, 3, (4,))) for _ in range(4)]
losses = []
for epoch in range(3):
    for x, y in loader:
        opt.zero_grad(set_to_none=True)
        loss = criterion(SCORES, y)
        losses.append(loss.item())
        loss.backward()
        opt.step()
''' + TAIL


def test_timm_factory_optimizer_built_each_epoch_is_built_once(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(harness, "_NOT_PRELOADED", frozenset({"timm"}))  # the stub is in the script: timm imported in the child only
    buggy = REBUILT.replace("BUILD_ONCE\n", "").replace("BUILD_EACH", "    " + BUILD)
    hand = REBUILT.replace("BUILD_ONCE", BUILD).replace("BUILD_EACH\n", "")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF030")


def test_sigmoid_into_timm_binary_cross_entropy_is_removed(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(harness, "_NOT_PRELOADED", frozenset({"timm"}))
    buggy = BCE.replace("SCORES", "torch.sigmoid(model(x))")
    hand = BCE.replace("SCORES", "model(x)")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF018")
