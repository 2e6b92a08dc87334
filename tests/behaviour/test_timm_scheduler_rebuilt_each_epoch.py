"""GF025 with timm's own schedulers (the whole of timm imported, torchvision and PIL stubbed:
tests/libraries/standins/vision_stub.py; each script in a forked child of the fork server, which never imports timm itself). A timm scheduler's
constructor writes its first rate into the optimizer (the warm-up's `warmup_lr_init`, or the
optimizer's initial rate); built at the top of every epoch and stepped at its end (`step(epoch +
1)`, timm's convention), every epoch trains at that first rate. The fix builds it once before the
loop and trains exactly like the hand fix; the buggy script trains otherwise."""

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
from timm.scheduler import CosineLRScheduler, create_scheduler_v2

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 2))
loader = [(torch.randn(4, 5), torch.randn(4, 2)) for _ in range(3)]
opt = torch.optim.SGD(model.parameters(), lr=0.2, momentum=0.9)
losses = []
epoch = 0
BUILD_ONCE
while epoch < 4:
BUILD_EACH
    for x, y in loader:
        opt.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(model(x), y)
        losses.append(loss.item())
        loss.backward()
        opt.step()
    sched.step(epoch + 1)
    epoch += 1
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

BUILDS = {
    "factory_with_warm_up": 'sched, _ = create_scheduler_v2(opt, "cosine", num_epochs=4, warmup_epochs=1, warmup_lr=0.01)',
    "class_without_warm_up": "sched = CosineLRScheduler(opt, t_initial=4)",
}


@pytest.mark.parametrize("build", sorted(BUILDS))
def test_timm_scheduler_built_each_epoch_is_built_once(tmp_path: Path, monkeypatch, build: str) -> None:
    monkeypatch.setattr(harness, "_NOT_PRELOADED", frozenset({"timm"}))  # the stub is in the script: timm imported in the child only
    buggy = SCRIPT.replace("BUILD_ONCE\n", "").replace("BUILD_EACH", "    " + BUILDS[build])
    hand = SCRIPT.replace("BUILD_ONCE", BUILDS[build]).replace("BUILD_EACH\n", "")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF025")
