"""An accumulation loop whose loss is weighted per sample (a policy-gradient loss
`-(logp * adv[idx]).mean()`): the product by the advantages of the micro-batch is no division
by the window, so the loss must be divided (GF005). The fixed script trains exactly like the
hand-fixed one, and the buggy one trains otherwise (its windows sum N whole gradients)."""

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
states = torch.randn(48, 6)
actions = torch.randint(0, 3, (48,))
advantages = torch.randn(48)
policy = nn.Sequential(nn.Linear(6, 8), nn.Tanh(), nn.Linear(8, 3))
opt = torch.optim.SGD(policy.parameters(), lr=0.1)
ACCUM = 3
losses = []

for epoch in range(3):
    for k, idx in enumerate(torch.arange(48).split(8)):  # 6 micro-batches: two whole windows
        logp = torch.log_softmax(policy(states[idx]), -1).gather(1, actions[idx, None]).squeeze(1)
        loss = -(logp * advantages[idx]).mean()
'''
BUGGY = '''        loss.backward()
'''
HAND = '''        (loss / ACCUM).backward()
'''
TAIL = '''        if (k + 1) % ACCUM == 0:
            opt.step()
            opt.zero_grad()
        losses.append(loss.item())

digest = hashlib.sha256()
for param in policy.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_the_weighted_loss_divided_trains_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, HEAD + BUGGY + TAIL, HEAD + HAND + TAIL, "--select", "GF005")
