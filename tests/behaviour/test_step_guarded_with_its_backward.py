"""A step that runs under an `if` together with the backward it applies, and no clear of its
optimizer anywhere: a WGAN's generator, trained on every `n_critic`-th batch, and a loop that
skips non-finite losses. Gradients pile up from one guarded step to the next. GF001 clears
first in the guarded block (where the WGAN paper's reference code clears); the fixed script
trains exactly like the hand-fixed one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
'''
TAIL = '''digest = hashlib.sha256()
for param in PARAMS:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

WGAN = HEAD + '''generator = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 6))
critic = nn.Sequential(nn.Linear(6, 16), nn.LeakyReLU(0.2), nn.Linear(16, 1))
opt_g = torch.optim.RMSprop(generator.parameters(), lr=5e-3)
opt_c = torch.optim.RMSprop(critic.parameters(), lr=5e-3)
real_data = torch.randn(160, 6) * 0.5 + 1.0
n_critic = 3
losses = []
for epoch in range(2):
    for i in range(20):
        real = real_data[i * 8 : i * 8 + 8]
        opt_c.zero_grad()
        fake = generator(torch.randn(8, 4)).detach()
        loss_c = critic(fake).mean() - critic(real).mean()
        loss_c.backward()
        opt_c.step()
        for p in critic.parameters():
            p.data.clamp_(-0.05, 0.05)
        if i % n_critic == 0:
            loss_g = -critic(generator(torch.randn(8, 4))).mean()
            loss_g.backward()
            opt_g.step()
            losses.append(loss_g.item())
PARAMS = list(generator.parameters()) + list(critic.parameters())
''' + TAIL

FINITE = HEAD + '''class Trainer:
    def __init__(self):
        self.model = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 1))
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.05, momentum=0.9)

    def train_epoch(self, batches, losses):
        it = iter(batches)
        while True:
            batch = next(it, None)
            if batch is None:
                break
            x, y = batch
            loss = nn.functional.mse_loss(self.model(x), y)
            if torch.isfinite(loss):
                loss.backward()
                self.optimizer.step()
            losses.append(loss.item())


data = torch.randn(64, 5)
target = data.sum(dim=1, keepdim=True)
batches = [(data[i : i + 8], target[i : i + 8]) for i in range(0, 64, 8)]
trainer = Trainer()
losses = []
for epoch in range(3):
    trainer.train_epoch(batches, losses)
PARAMS = list(trainer.model.parameters())
''' + TAIL


def test_wgan_generator_every_n_critic_batches(tmp_path: Path) -> None:
    hand = WGAN.replace(
        "        if i % n_critic == 0:\n", "        if i % n_critic == 0:\n            opt_g.zero_grad(set_to_none=True)\n"
    )
    assert hand != WGAN
    assert_fixed_like_hand(tmp_path, WGAN, hand, "--select", "GF001")


def test_step_skipping_non_finite_losses_in_a_method_while_loop(tmp_path: Path) -> None:
    hand = FINITE.replace(
        "            if torch.isfinite(loss):\n",
        "            if torch.isfinite(loss):\n                self.optimizer.zero_grad(set_to_none=True)\n",
    )
    assert hand != FINITE
    assert_fixed_like_hand(tmp_path, FINITE, hand, "--select", "GF001")
