"""A hand GradScaler's loss handed to Fabric's backward (`fabric.backward(scaler.scale(loss))`,
variants68w, fix68-E): the gradients carry the loss scale, so GF023 steps the Fabric optimizer
through the scaler and GF013 unscales before the clip. Each fixed script trains like its hand fix
(real lightning-fabric and torch's GradScaler on the CPU)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("lightning_fabric")

SCRIPT = '''import hashlib
import json
import warnings

import torch
from lightning_fabric import Fabric
from torch import nn

warnings.filterwarnings("ignore")
torch.manual_seed(0)
torch.set_num_threads(1)
DATA = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(6)]
LOSSES = []


def main():
    fabric = Fabric(accelerator="cpu", devices=1)
    model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    model, opt = fabric.setup(model, opt)
    scaler = torch.amp.GradScaler("cpu", init_scale=64.0)
    for epoch in range(3):
        for x, y in DATA:
            opt.zero_grad()
            loss = nn.functional.mse_loss(model(x), y)
            fabric.backward(scaler.scale(loss))
{middle}            LOSSES.append(loss.item())
    return model


model = main()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": LOSSES, "weights_sha256": digest.hexdigest()}}))
'''

CLIP = "            torch.nn.utils.clip_grad_norm_(model.parameters(), 0.5)\n"
UNSCALE = "            scaler.unscale_(opt)\n"
STEP = "            scaler.step(opt)\n            scaler.update()\n"


@pytest.mark.parametrize(
    "rule,buggy,hand",
    [
        # (no `update()` in the buggy script: the fix adds it, so it is unsafe)
        ("GF023", "            opt.step()\n", STEP),
        ("GF013", CLIP + STEP, UNSCALE + CLIP + STEP),
    ],
)
def test_scaled_loss_through_fabric_backward(tmp_path: Path, rule: str, buggy: str, hand: str) -> None:
    assert_fixed_like_hand(tmp_path, SCRIPT.format(middle=buggy), SCRIPT.format(middle=hand), "--select", rule, "--unsafe-fixes")
