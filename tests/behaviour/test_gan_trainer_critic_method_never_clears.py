"""GF001 in a GAN trainer's critic method (`self.d_step(real, fake)`) whose caller's other
method clears only the generator's optimizer: that clear names another optimizer, built
as one, not an alias of the critic's. The clear goes at the top of the critic's method,
and the fixed script trains exactly like the hand-fixed one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn
from torch.nn import functional as F

torch.manual_seed(0)
torch.set_num_threads(1)


class GANTrainer:
    def __init__(self):
        self.gen = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 6))
        self.disc = nn.Sequential(nn.Linear(6, 8), nn.LeakyReLU(0.2), nn.Linear(8, 1))
        self.opt_g = torch.optim.Adam(self.gen.parameters(), lr=1e-2)
        self.opt_d = torch.optim.SGD(self.disc.parameters(), lr=5e-2)

    def d_step(self, real, fake):
{clear}        loss = F.softplus(-self.disc(real)).mean() + F.softplus(self.disc(fake.detach())).mean()
        loss.backward()
        self.opt_d.step()
        return loss.item()

    def g_step(self, fake):
        self.opt_g.zero_grad()
        loss = F.softplus(-self.disc(fake)).mean()
        loss.backward()
        self.opt_g.step()
        return loss.item()


trainer = GANTrainer()
data = [torch.randn(8, 6) for _ in range(5)]
losses = []
for epoch in range(3):
    for real in data:
        fake = trainer.gen(torch.randn(8, 4))
        losses.append(trainer.d_step(real, fake))
        losses.append(trainer.g_step(fake))

digest = hashlib.sha256()
for module in (trainer.gen, trainer.disc):
    for param in module.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_clear_added_to_the_critic_method_trains_like_the_hand_fix(tmp_path: Path) -> None:
    hand = SCRIPT.format(clear="        self.opt_d.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, SCRIPT.format(clear=""), hand, "--select", "GF001")
