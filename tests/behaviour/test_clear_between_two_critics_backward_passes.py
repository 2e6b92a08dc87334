"""GF002 on a clear between two backward passes of one optimizer's step (a CycleGAN-style
loop: one optimizer over two discriminators, each backpropagated in turn, a second
`zero_grad` between them): the first discriminator's gradients are wiped before the shared
step, so it never trains. gradfix removes the second clear (the optimizer is cleared before
the first backward already); the fixed script trains exactly like the hand fix, in which both
discriminators train, and the buggy one does not."""

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
gen = nn.Linear(6, 4)
disc_a = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
disc_b = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
g_opt = torch.optim.Adam(gen.parameters(), lr=1e-2)
d_opt = torch.optim.Adam([*disc_a.parameters(), *disc_b.parameters()], lr=1e-2)
data = [(torch.randn(5, 6), torch.randn(5, 4)) for _ in range(6)]
losses = []
for z, real in data:
    g_opt.zero_grad()
    fake = gen(z)
    g_loss = -(disc_a(fake).mean() + disc_b(fake).mean())
    g_loss.backward()
    g_opt.step()

    d_opt.zero_grad()
    loss_a = disc_a(fake.detach()).mean() - disc_a(real).mean()
    loss_a.backward()
{clear}    loss_b = disc_b(fake.detach()).mean() - disc_b(real).mean()
    loss_b.backward()
    d_opt.step()
    losses.extend([g_loss.item(), loss_a.item(), loss_b.item()])
digest = hashlib.sha256()
for module in (gen, disc_a, disc_b):
    for param in module.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_second_clear_removed_so_both_discriminators_train(tmp_path: Path) -> None:
    buggy = SCRIPT.format(clear="    d_opt.zero_grad()\n")
    hand = SCRIPT.format(clear="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF002")
