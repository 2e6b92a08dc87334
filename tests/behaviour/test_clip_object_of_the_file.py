"""A clip object kept on the trainer (`self.clip_grad_norm = GradClip(0.5)`, a class of the file whose
`__call__(self, parameters)` only runs torch's `clip_grad_norm_`) called after
`scaler.scale(loss).backward()`: it clips gradients still multiplied by the loss scale. GF013
inserts `self.scaler.unscale_(self.opt)` before the call (the fix it gives torch's own clip);
the fixed script trains exactly like the hand fix, the buggy one otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

BUGGY = '''import hashlib
import json

import torch
from torch import nn
from torch.amp import GradScaler, autocast

torch.manual_seed(0)
torch.set_num_threads(1)


class GradClip:
    def __init__(self, max_norm):
        self.max_norm = max_norm

    def __call__(self, parameters):
        return nn.utils.clip_grad_norm_(parameters, self.max_norm)


class Trainer:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)
        self.scaler = GradScaler("cpu", init_scale=1024.0)
        self.clip_grad_norm = GradClip(0.5)
        self.losses = []

    def fit(self, data, epochs):
        for _ in range(epochs):
            for x, y in data:
                self.opt.zero_grad()
                with autocast("cpu", dtype=torch.bfloat16):
                    loss = nn.functional.mse_loss(self.model(x).float(), y)
                self.scaler.scale(loss).backward()
                self.clip_grad_norm(self.model.parameters())
                self.scaler.step(self.opt)
                self.scaler.update()
                self.losses.append(loss.item())


model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 1))
trainer = Trainer(model)
trainer.fit([(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(12)], 2)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": trainer.losses, "weights_sha256": digest.hexdigest()}))
'''
HAND = BUGGY.replace(
    "                self.clip_grad_norm(self.model.parameters())",
    "                self.scaler.unscale_(self.opt)\n                self.clip_grad_norm(self.model.parameters())",
)


def test_clip_object_unscaled_first_trains_like_the_hand_fix(tmp_path: Path) -> None:
    assert HAND != BUGGY
    assert_fixed_like_hand(tmp_path, BUGGY, HAND, "--select", "GF013")
