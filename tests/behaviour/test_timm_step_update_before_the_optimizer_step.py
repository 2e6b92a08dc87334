"""GF012 with timm's `step_update` (the whole of timm imported, torchvision and PIL stubbed:
tests/libraries/standins/vision_stub.py; each script in a forked child of the fork server, which never imports timm itself). A timm scheduler
built with `t_in_epochs=False` sets the rate of update `n` when told `step_update(num_updates=n)`;
called before `opt.step()` after the count was already raised for this update, every update
trains at the next update's rate (the warm-up and the cosine shifted by one). The fix moves the
call after the optimizer step, as timm's own loop does, and trains exactly like the hand fix;
the buggy script trains otherwise."""

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
from timm.scheduler import CosineLRScheduler, StepLRScheduler

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 2))
loader = [(torch.randn(4, 5), torch.randn(4, 2)) for _ in range(3)]
opt = torch.optim.SGD(model.parameters(), lr=0.2, momentum=0.9)
BUILD
losses = []
updates = 0
for epoch in range(4):
    for x, y in loader:
        opt.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(model(x), y)
        losses.append(loss.item())
        loss.backward()
        updates += 1
BEFORE
        opt.step()
AFTER
    sched.step(epoch + 1)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

BUILDS = {
    "cosine_with_warm_up": "sched = CosineLRScheduler(opt, t_initial=12, warmup_t=3, warmup_lr_init=0.01, t_in_epochs=False)",
    "step_decay": "sched = StepLRScheduler(opt, decay_t=2, decay_rate=0.5, t_in_epochs=False)",
}
UPDATE = "        sched.step_update(num_updates=updates)"


@pytest.mark.parametrize("build", sorted(BUILDS))
def test_timm_step_update_before_the_step_moves_after_it(tmp_path: Path, monkeypatch, build: str) -> None:
    monkeypatch.setattr(harness, "_NOT_PRELOADED", frozenset({"timm"}))  # the stub is in the script: timm imported in the child only
    script = SCRIPT.replace("BUILD", BUILDS[build])
    buggy = script.replace("BEFORE", UPDATE).replace("AFTER\n", "")
    hand = script.replace("BEFORE\n", "").replace("AFTER", UPDATE)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF012")
