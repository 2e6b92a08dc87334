"""A GAN's critic clipped after its own step, that step in a `try` whose `finally` counts the
batches, the generator stepped later (session 43, variants42): GF010 moves the clip into the
`try`, right before the critic's step; the fixed script trains exactly like the hand-fixed one."""

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
gen = nn.Linear(3, 5)
critic = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 1))
opt_gen = torch.optim.RMSprop(gen.parameters(), lr=5e-3)
opt_critic = torch.optim.RMSprop(critic.parameters(), lr=5e-3)
data = [torch.randn(6, 5) for _ in range(5)]
losses = []
seen = 0
for epoch in range(3):
    for real in data:
        fake = gen(torch.randn(real.size(0), 3))
        opt_critic.zero_grad()
        try:
            loss_critic = critic(fake.detach()).mean() - critic(real).mean()
            loss_critic.backward()
{inside}            opt_critic.step()
        finally:
            seen += 1
{outside}        opt_gen.zero_grad()
        loss_gen = -critic(fake).mean()
        loss_gen.backward()
        opt_gen.step()
        losses.append(loss_critic.item() + loss_gen.item())
digest = hashlib.sha256()
for param in [*gen.parameters(), *critic.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
CLIP = "torch.nn.utils.clip_grad_norm_(critic.parameters(), 0.05)\n"


def test_critic_clip_moved_before_its_step_in_the_try(tmp_path: Path) -> None:
    buggy = SCRIPT.format(inside="", outside="        " + CLIP)
    hand = SCRIPT.format(inside="            " + CLIP, outside="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF010")
