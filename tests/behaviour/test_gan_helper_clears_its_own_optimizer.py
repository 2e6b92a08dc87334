"""GF001 on a GAN whose discriminator step is a helper that clears and steps its own
optimizer, while the loop steps the generator's optimizer and never clears it: the helper's
clear is of `opt_d` only. The fix clears `opt_g` right after the statement calling the helper,
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
import torch.nn.functional as F


def d_step(disc, opt_d, real, fake):
    opt_d.zero_grad()
    loss = F.softplus(-disc(real)).mean() + F.softplus(disc(fake.detach())).mean()
    loss.backward()
    opt_d.step()


torch.manual_seed(0)
torch.set_num_threads(1)
gen = nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 4))
disc = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
opt_g = torch.optim.SGD(gen.parameters(), lr=0.05)
opt_d = torch.optim.SGD(disc.parameters(), lr=0.05)
data = [torch.randn(8, 4) for _ in range(6)]
losses = []
for epoch in range(2):
    for real in data:
        fake = gen(torch.randn(real.shape[0], 2))
        d_step(disc, opt_d, real, fake)
{clear}        loss = F.softplus(-disc(fake)).mean()
        loss.backward()
        opt_g.step()
        losses.append(loss.item())
digest = hashlib.sha256()
for param in [*gen.parameters(), *disc.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
CLEAR = "        opt_g.zero_grad(set_to_none=True)\n"


def test_generator_cleared_after_the_discriminator_helper(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, SCRIPT.format(clear=""), SCRIPT.format(clear=CLEAR), "--select", "GF001")
