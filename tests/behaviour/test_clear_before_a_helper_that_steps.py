"""GF002 when the step is made by a helper (`apply_update(optimizer, scheduler)`) and the
iteration measures the gradient norm before clearing: the clear wipes the gradients the
helper's step is about to apply, so nothing trains. gradfix moves the clear before the
forward pass; the fixed script trains exactly like the hand fix, and not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F


def apply_update(optimizer, scheduler):
    optimizer.step()
    scheduler.step()


def train(model, loader, optimizer, scheduler):
    losses, norms = [], []
    for inputs, targets in loader:
{before}        loss = F.cross_entropy(model(inputs), targets)
        loss.backward()
        norms.append(torch.sqrt(sum(p.grad.pow(2).sum() for p in model.parameters() if p.grad is not None)).item())
{after}        apply_update(optimizer, scheduler)
        losses.append(loss.item())
    return losses


torch.manual_seed(0)
torch.set_num_threads(1)
model = torch.nn.Linear(5, 3)
optimizer = torch.optim.SGD(model.parameters(), lr=0.2, momentum=0.9)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.5)
data = [(torch.randn(6, 5), torch.randint(0, 3, (6,))) for _ in range(5)]
losses = train(model, data, optimizer, scheduler)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

CLEAR = "        optimizer.zero_grad()\n"


def test_clear_moved_before_the_forward_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.format(before="", after=CLEAR)
    hand = SCRIPT.format(before=CLEAR, after="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF002")
