"""GF012 with timm's `step_update` told the NEXT update's number before `opt.step()` (the whole
of timm imported, torchvision and PIL stubbed: tests/libraries/standins/vision_stub.py; each
script in a fresh interpreter). `step_update(updates + 1)` with `updates` raised only after the
step, or `step_update(epoch * len(loader) + i + 1)` with `i` the batch index from 0, sets the rate
of the update after the one about to run: every update trains at the next update's rate. The fix
moves the call after the optimizer step (the count still unraised there: the rate of the next
update, timm's own order) and trains exactly like the hand fix; the buggy script trains otherwise."""

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
from timm.scheduler import CosineLRScheduler

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 2))
loader = [(torch.randn(4, 5), torch.randn(4, 2)) for _ in range(3)]
opt = torch.optim.SGD(model.parameters(), lr=0.2, momentum=0.9)
sched = CosineLRScheduler(opt, t_initial=12, warmup_t=3, warmup_lr_init=0.01, t_in_epochs=False)
losses = []
updates = 0
for epoch in range(4):
    for i, (x, y) in enumerate(loader):
        opt.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(model(x), y)
        losses.append(loss.item())
        loss.backward()
BEFORE
        opt.step()
AFTER
        updates += 1
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

UPDATES = {
    "count_plus_one": "        sched.step_update(updates + 1)",
    "batch_index_plus_one": "        sched.step_update(num_updates=epoch * len(loader) + i + 1)",
}


@pytest.mark.parametrize("form", sorted(UPDATES))
def test_timm_step_update_of_the_next_update_moves_after_the_step(tmp_path: Path, monkeypatch, form: str) -> None:
    monkeypatch.setattr(harness, "_NOT_PRELOADED", frozenset({"timm"}))  # the stub is in the script: timm imported in the child only
    buggy = SCRIPT.replace("BEFORE", UPDATES[form]).replace("AFTER\n", "")
    hand = SCRIPT.replace("BEFORE\n", "").replace("AFTER", UPDATES[form])
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF012")


FACTORY = STUB + '''
import hashlib
import json

import torch
from torch import nn
from timm.scheduler import create_scheduler_v2

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 2))
loader = [(torch.randn(4, 5), torch.randn(4, 2)) for _ in range(3)]
opt = torch.optim.SGD(model.parameters(), lr=0.2, momentum=0.9)
sched, epochs = create_scheduler_v2(
    opt, "cosine", num_epochs=4, warmup_epochs=1, warmup_lr=0.01, updates_per_epoch=len(loader), step_on_epochs=False
)
losses = []
updates = 0
for epoch in range(epochs):
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


def test_timm_factory_scheduler_stepped_per_update_moves_after_the_step(tmp_path: Path, monkeypatch) -> None:
    """`create_scheduler_v2(..., step_on_epochs=False)` builds its scheduler with `t_in_epochs=False`
    (timm's scheduler_factory.py): its `step_update(updates)` after `updates += 1` and before the
    step is the same shift by one update."""
    monkeypatch.setattr(harness, "_NOT_PRELOADED", frozenset({"timm"}))  # the stub is in the script: timm imported in the child only
    update = "        sched.step_update(num_updates=updates)"
    buggy = FACTORY.replace("BEFORE", update).replace("AFTER\n", "")
    hand = FACTORY.replace("BEFORE\n", "").replace("AFTER", update)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF012")
