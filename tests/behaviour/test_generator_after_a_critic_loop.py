"""GF001 on a WGAN-style iteration: the critic is cleared and stepped in a loop of its own
(`for _ in range(n_critic):`), the generator's optimizer after it is never cleared. The clear
goes right after the critic's loop (before the generator's backward), and the fixed script
trains exactly like its hand-fixed twin; the buggy one trains otherwise."""

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
critic = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))
gen = nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 3))
opt_c = torch.optim.SGD(critic.parameters(), lr=0.05)
opt_g = torch.optim.SGD(gen.parameters(), lr=0.05, momentum=0.5)
reals = [torch.randn(8, 3) + 1.0 for _ in range(6)]
losses = []
for real in reals:
    for _ in range(2):
        opt_c.zero_grad()
        c_loss = critic(gen(torch.randn(8, 2))).mean() - critic(real).mean()
        c_loss.backward()
        opt_c.step()
{clear}    g_loss = -critic(gen(torch.randn(8, 2))).mean()
    g_loss.backward()
    opt_g.step()
    losses.append(g_loss.item())
digest = hashlib.sha256()
for param in [*critic.parameters(), *gen.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_generator_cleared_after_the_critic_loop(tmp_path: Path) -> None:
    # the critic's backward reaches the generator too (no `.detach()`): a clear at the top of
    # the iteration would keep those gradients, the one after the critic's loop does not
    buggy = SCRIPT.format(clear="")
    hand = SCRIPT.format(clear="    opt_g.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")
