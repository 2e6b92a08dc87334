"""GF017 through Accelerate's `unwrap_model`: `net = accelerator.unwrap_model(model)` then
`net.eval()` for a validation at the end of each epoch leaves the prepared model (the same
module) in eval mode for the next epoch's training, dropout off. The fix switches `model` back
at the top of the epoch (where `net` is not bound yet on the first pass) and trains exactly
like the hand fix, with Accelerate on the CPU; the buggy script trains otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")
pytest.importorskip("accelerate")

SCRIPT = '''import hashlib
import json
import os

os.environ.setdefault("DS_ACCELERATOR", "cpu")  # no "Setting accelerator to CPU" line on stdout
import torch
from torch import nn
from accelerate import Accelerator

torch.manual_seed(0)
torch.set_num_threads(1)
accelerator = Accelerator(cpu=True)
model = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.3), nn.Tanh(), nn.Linear(8, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.05)
model, opt = accelerator.prepare(model, opt)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(4)]
val = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(2)]
losses = []
torch.manual_seed(1)
for epoch in range(3):
RESTORE
    for x, y in data:
        opt.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(model(x), y)
        losses.append(loss.item())
        accelerator.backward(loss)
        opt.step()
    net = accelerator.unwrap_model(model)
    net.eval()
    with torch.no_grad():
        losses.append(sum(nn.functional.mse_loss(net(x), y).item() for x, y in val))
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_unwrapped_model_evaluated_each_epoch_is_switched_back(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("RESTORE\n", "")
    hand = SCRIPT.replace("RESTORE", "    model.train()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")


ALIAS = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.3), nn.Tanh(), nn.Linear(8, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.05)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(4)]
probe = torch.randn(4, 4)
losses = []
torch.manual_seed(1)
for epoch in range(3):
RESTORE
    for x, y in data:
        opt.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(model(x), y)
        losses.append(loss.item())
        loss.backward()
        opt.step()
    scorer = model
    scorer.eval()
    with torch.no_grad():
        losses.append(scorer(probe).mean().item())
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_alias_bound_after_the_training_switches_the_module_back(tmp_path: Path) -> None:
    """`scorer = model` bound at the epoch's end: the fix switches `model` back at the epoch's
    top (`scorer.train()` there, the earlier fix, raised a NameError on the first pass)."""
    buggy = ALIAS.replace("RESTORE\n", "")
    hand = ALIAS.replace("RESTORE", "    model.train()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
