"""GF013 through an override: the base trainer scales the loss and calls `self.optimize()`, and
the one subclass the script builds overrides it to clip before the scaler's step. The fix
unscales first in the override, and the fixed script trains exactly like the hand fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)


class AmpTrainer:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)
        self.scaler = torch.amp.GradScaler("cpu", init_scale=2.0**10)
        self.losses = []

    def optimize(self):
        self.scaler.step(self.opt)
        self.scaler.update()

    def fit(self, batches):
        for x, y in batches:
            self.opt.zero_grad(set_to_none=True)
            loss = F.binary_cross_entropy_with_logits(self.model(x), y)
            self.losses.append(loss.item())
            self.scaler.scale(loss).backward()
            self.optimize()


class ClippedTrainer(AmpTrainer):
    def optimize(self):
{unscale}        torch.nn.utils.clip_grad_norm_(self.model.parameters(), 0.5)
        self.scaler.step(self.opt)
        self.scaler.update()


model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
trainer = ClippedTrainer(model)
trainer.fit([(torch.randn(8, 4), torch.rand(8, 1)) for _ in range(6)])
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": trainer.losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_unscale_added_to_the_override_trains_like_the_hand_fix(tmp_path: Path) -> None:
    hand = SCRIPT.format(unscale="        self.scaler.unscale_(self.opt)\n")
    assert_fixed_like_hand(tmp_path, SCRIPT.format(unscale=""), hand, "--select", "GF013")
