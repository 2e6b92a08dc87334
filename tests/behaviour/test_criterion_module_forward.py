"""GF018 inside the `forward` of a criterion `nn.Module` the loop calls: the softmax before the
cross-entropy is dropped, and the fixed script trains exactly like the hand fix (the buggy one,
on probabilities, trains otherwise)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)


class RobustCE(nn.Module):
    def forward(self, logits, labels):
{body}

model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 3))
criterion = RobustCE()
optimizer = torch.optim.SGD(model.parameters(), lr=0.2)
data = [(torch.randn(16, 4), torch.randint(0, 3, (16,))) for _ in range(10)]
losses = []
for epoch in range(3):
    for x, y in data:
        optimizer.zero_grad(set_to_none=True)
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
BUGGY = """        probs = F.softmax(logits, dim=1)
        return F.cross_entropy(probs, labels)
"""
HAND = """        return F.cross_entropy(logits, labels)
"""


def test_the_criterion_receives_the_logits_after_the_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, SCRIPT.format(body=BUGGY), SCRIPT.format(body=HAND), "--select", "GF018")
