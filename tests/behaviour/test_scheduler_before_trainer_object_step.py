"""GF012 on schedulers stepped at the top of an iteration whose optimizers step in methods of
a trainer object that stores them (`self.g_optimizer = g_optimizer`, a GAN's two trainsteps):
each scheduler step moves after the call that steps its own optimizer. The fixed script trains
exactly like the hand-fixed one, whose learning rates decay after `step_size` steps, not one
step early."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn


class Trainer:
    def __init__(self, generator, discriminator, g_optimizer, d_optimizer):
        self.generator = generator
        self.discriminator = discriminator
        self.g_optimizer = g_optimizer
        self.d_optimizer = d_optimizer

    def discriminator_trainstep(self, x_real, z):
        self.d_optimizer.zero_grad()
        with torch.no_grad():
            fake = self.generator(z)
        loss = nn.functional.softplus(self.discriminator(fake)).mean() + nn.functional.softplus(-self.discriminator(x_real)).mean()
        loss.backward()
        self.d_optimizer.step()
        return loss.item()

    def generator_trainstep(self, z):
        self.g_optimizer.zero_grad()
        loss = nn.functional.softplus(-self.discriminator(self.generator(z))).mean()
        loss.backward()
        self.g_optimizer.step()
        return loss.item()


torch.manual_seed(0)
torch.set_num_threads(1)
generator = nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 4))
discriminator = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
g_optimizer = torch.optim.SGD(generator.parameters(), lr=0.05)
d_optimizer = torch.optim.SGD(discriminator.parameters(), lr=0.05)
g_scheduler = torch.optim.lr_scheduler.StepLR(g_optimizer, step_size=3, gamma=0.1)
d_scheduler = torch.optim.lr_scheduler.StepLR(d_optimizer, step_size=2, gamma=0.1)
trainer = Trainer(generator, discriminator, g_optimizer, d_optimizer=d_optimizer)
data = [torch.randn(8, 4) for _ in range(4)]
losses = []
for epoch in range(2):
    for x_real in data:
{before}        z = torch.randn(8, 2)
        losses.append(trainer.discriminator_trainstep(x_real, z))
{d_after}        losses.append(trainer.generator_trainstep(z))
{g_after}digest = hashlib.sha256()
for param in [*generator.parameters(), *discriminator.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
D = "        d_scheduler.step()\n"
G = "        g_scheduler.step()\n"


def test_scheduler_steps_move_after_the_trainer_methods_that_step_their_optimizers(tmp_path: Path) -> None:
    buggy = SCRIPT.format(before=D + G, d_after="", g_after="")
    hand = SCRIPT.format(before="", d_after=D, g_after=G)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF012")
