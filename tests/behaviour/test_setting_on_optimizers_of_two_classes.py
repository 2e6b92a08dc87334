"""GF024 on `o.lr = ...` in `for o in (adam, sgd):`, optimizers of two classes: `lr` is a
setting of both, so the assignment is reported and the fix writes it into each optimizer's
parameter groups. The fixed script trains exactly like the hand-fixed one, whose learning rates
really drop at the third epoch."""

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
enc = nn.Sequential(nn.Linear(4, 3), nn.Tanh())
dec = nn.Linear(3, 4)
enc_opt = torch.optim.Adam(enc.parameters(), lr=0.01)
dec_opt = torch.optim.SGD(dec.parameters(), lr=0.05, momentum=0.9)
data = [torch.randn(8, 4) for _ in range(3)]
losses = []
for epoch in range(4):
    if epoch == 2:
        for o in (enc_opt, dec_opt):
            o.lr = 0.001
{fix}    for x in data:
        enc_opt.zero_grad()
        dec_opt.zero_grad()
        loss = nn.functional.mse_loss(dec(enc(x)), x)
        loss.backward()
        enc_opt.step()
        dec_opt.step()
        losses.append(loss.item())
digest = hashlib.sha256()
for param in [*enc.parameters(), *dec.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_lr_on_a_loop_over_an_adam_and_an_sgd_reaches_both(tmp_path: Path) -> None:
    buggy = SCRIPT.format(fix="")
    hand = SCRIPT.format(fix='            for param_group in o.param_groups:\n                param_group["lr"] = o.lr\n')
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF024")
