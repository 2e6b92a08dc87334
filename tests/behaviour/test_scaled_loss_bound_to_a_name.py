"""A loss scaled into a name before its backward (`scaled = scaler.scale(loss);
scaled.backward()`, variants56, fix56-V): GF023's step through the scaler and GF013's
`unscale_` before the clip read that name as the scaled loss. Each fixed script trains like
its hand fix (torch's GradScaler on CPU)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
DATA = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(6)]
LOSSES = []


def main():
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    scaler = torch.amp.GradScaler("cpu", init_scale=64.0)
    for epoch in range(3):
        for x, y in DATA:
            opt.zero_grad()
            loss = nn.functional.mse_loss(model(x), y)
            scaled = scaler.scale(loss)
            scaled.backward()
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
        # (a plain step followed by `update()` raises: the buggy script steps only, and the
        # fix, which then adds the `update()`, is unsafe)
        ("GF023", "            opt.step()\n", STEP),
        ("GF013", CLIP + STEP, UNSCALE + CLIP + STEP),
    ],
)
def test_scaled_loss_bound_to_a_name(tmp_path: Path, rule: str, buggy: str, hand: str) -> None:
    assert_fixed_like_hand(tmp_path, SCRIPT.format(middle=buggy), SCRIPT.format(middle=hand), "--select", rule, "--unsafe-fixes")
