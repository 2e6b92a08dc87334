"""GF008 where the optimizer's name is bound twice before the loop: a default built by a builder
of the file, then an SGD over the backbone and the head, the one the loop steps. Only the
backbone is cleared, so the head's gradients pile up. The fixed script (`--unsafe-fixes`: the
clear becomes `optimizer.zero_grad()`) trains like the hand fix, and the buggy one does not."""

from __future__ import annotations

from pathlib import Path

from .harness import assert_fixed_like_hand

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 6), torch.randint(0, 3, (32,))


def build_optimizer(model):
    return torch.optim.AdamW(model.parameters(), lr=1e-3)


def train():
    backbone = nn.Linear(6, 8)
    head = nn.Linear(8, 3)
    optimizer = build_optimizer(backbone)
    optimizer = torch.optim.SGD([*backbone.parameters(), *head.parameters()], lr=0.05)
    losses = []
    for epoch in range(2):
        for i in range(0, 32, 8):
            {clear}.zero_grad()
            loss = F.cross_entropy(head(backbone(X[i : i + 8])), Y[i : i + 8])
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
    return [*backbone.parameters(), *head.parameters()], losses


params, losses = train()
digest = hashlib.sha256()
for param in params:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_clear_of_the_optimizer_the_loop_sees_after_a_rebinding(tmp_path: Path) -> None:
    assert_fixed_like_hand(
        tmp_path, SCRIPT.format(clear="backbone"), SCRIPT.format(clear="optimizer"), "--select", "GF008", "--unsafe-fixes"
    )
