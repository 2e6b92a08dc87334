"""GF013 in a helper called once per optimizer after one scaled backward (`finish_step(scaler,
opt_enc, ...)`, `finish_step(scaler, opt_dec, ...)`): without `unscale_` the helper clips scaled
gradients; the fix unscales the optimizer it is handed first in the helper, and the fixed
script trains exactly like the hand fix. With the `unscale_` already there (the correct
helper) nothing is reported: before, GF013 reported it and its fix never settled."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn
from torch.amp import GradScaler

torch.manual_seed(0)
torch.set_num_threads(1)
encoder = nn.Sequential(nn.Linear(8, 16), nn.Tanh())
decoder = nn.Linear(16, 1)
opt_enc = torch.optim.SGD(encoder.parameters(), lr=0.1)
opt_dec = torch.optim.SGD(decoder.parameters(), lr=0.1)
grad_scaler = GradScaler("cpu", init_scale=1024.0)
data = [(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(10)]
losses = []


def finish_step(scaler, opt, params):
{unscale}    nn.utils.clip_grad_norm_(params, 0.5)
    scaler.step(opt)


for epoch in range(2):
    for x, y in data:
        opt_enc.zero_grad()
        opt_dec.zero_grad()
        loss = nn.functional.mse_loss(decoder(encoder(x)), y)
        grad_scaler.scale(loss).backward()
        finish_step(grad_scaler, opt_enc, encoder.parameters())
        finish_step(grad_scaler, opt_dec, decoder.parameters())
        grad_scaler.update()
        losses.append(loss.item())
digest = hashlib.sha256()
for param in [*encoder.parameters(), *decoder.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_helper_unscales_the_optimizer_it_is_handed(tmp_path: Path) -> None:
    buggy = SCRIPT.format(unscale="")
    hand = SCRIPT.format(unscale="    scaler.unscale_(opt)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF013")
