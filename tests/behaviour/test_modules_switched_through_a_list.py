"""GF017 on an encoder and a decoder switched to eval mode through a literal tuple (`for net in
(encoder, decoder): net.eval()`) after each epoch and never switched back: every epoch after the
first trained with dropout off. gradfix puts `encoder.train()` and `decoder.train()` at the
start of the epoch; the fixed script is the hand-fixed one and trains exactly like it, and
not like the buggy one."""

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
encoder = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Dropout(0.5))
decoder = nn.Sequential(nn.Linear(16, 6), nn.Dropout(0.5))
optimizer = torch.optim.SGD(list(encoder.parameters()) + list(decoder.parameters()), lr=0.05)
x = torch.randn(64, 6)
losses = []
for epoch in range(3):
{restore}    for i in range(4):
        optimizer.zero_grad()
        batch = x[i * 16 : (i + 1) * 16]
        loss = nn.functional.mse_loss(decoder(encoder(batch)), batch)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    for net in (encoder, decoder):
        net.eval()
    with torch.no_grad():
        held_out = nn.functional.mse_loss(decoder(encoder(x)), x).item()

digest = hashlib.sha256()
for param in [*encoder.parameters(), *decoder.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_both_listed_modules_switched_back_train_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.format(restore="")
    hand = SCRIPT.format(restore="    encoder.train()\n    decoder.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
