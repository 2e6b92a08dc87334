"""GF002 on `model.zero_grad()` between the backward and the step of an optimizer built over
parameter groups picked from that model (the `no_decay` groups of a hand-written Hugging
Face-style loop): the clear moves to the top of the iteration and the fixed script trains
exactly like the hand-fixed one."""

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
model = nn.Sequential(nn.Linear(4, 8), nn.LayerNorm(8), nn.ReLU(), nn.Linear(8, 1))
no_decay = ("bias", "1.")
groups = [
    {{"params": [p for n, p in model.named_parameters() if not any(k in n for k in no_decay)], "weight_decay": 0.01}},
    {{"params": [p for n, p in model.named_parameters() if any(k in n for k in no_decay)], "weight_decay": 0.0}},
]
optimizer = torch.optim.AdamW(groups, lr=0.01)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(6)]
losses = []
for epoch in range(3):
    for x, y in data:
{top}        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        losses.append(loss.item())
{between}        optimizer.step()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
CLEAR = "        model.zero_grad()\n"


def test_module_clear_before_the_step_of_its_parameter_groups_moves_up(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, SCRIPT.format(top="", between=CLEAR), SCRIPT.format(top=CLEAR, between=""), "--select", "GF002")
