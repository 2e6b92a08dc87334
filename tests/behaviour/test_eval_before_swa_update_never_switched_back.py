"""`model.eval()` before torch's `AveragedModel.update_parameters(model)` at the end of every
epoch, never switched back (variants62w's `swa` shape, fix62-W): the update averages the
weights into the averaged copy and leaves the module's mode as it was, so every later epoch
trains with dropout off. GF017's fix switches the module back at the epoch's top, which trains
like the hand fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn
from torch.optim.swa_utils import SWALR, AveragedModel

torch.manual_seed(0)
torch.set_num_threads(1)
DATA = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
LOSSES = []
model = nn.Sequential(nn.Linear(4, 16), nn.Dropout(0.3), nn.Tanh(), nn.Linear(16, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
swa_model = AveragedModel(model)
swa_sched = SWALR(opt, swa_lr=0.05)
for epoch in range(3):
{back}    for x, y in DATA:
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        LOSSES.append(loss.item())
        loss.backward()
        opt.step()
    model.eval()
    swa_model.update_parameters(model)
    swa_sched.step()

digest = hashlib.sha256()
for param in swa_model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": LOSSES, "weights_sha256": digest.hexdigest()}}))
'''


def test_eval_before_swa_update_switched_back_at_the_epochs_top(tmp_path: Path) -> None:
    buggy = SCRIPT.format(back="")
    hand = SCRIPT.format(back="    model.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
