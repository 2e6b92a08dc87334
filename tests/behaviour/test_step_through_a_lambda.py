"""A step run through a lambda held in a name (`apply_update = lambda: optimizer.step()`):
GF002 moves a clear that runs between the backward and that call to the top of the iteration,
GF012 moves a scheduler step that runs before it to after it. Each fixed script trains like
its hand fix, and the buggy one does not."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
model = torch.nn.Sequential(torch.nn.Linear(6, 12), torch.nn.ReLU(), torch.nn.Linear(12, 3))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=4, gamma=0.5)
apply_update = lambda: optimizer.step()
data = [(torch.randn(10, 6), torch.randint(0, 3, (10,))) for _ in range(6)]
losses = []
for epoch in range(2):
    for inputs, labels in data:
{body}
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

FORWARD = """        loss = F.cross_entropy(model(inputs), labels)
        loss.backward()
        losses.append(loss.item())
"""
CLEAR = "        optimizer.zero_grad()\n"
STEP = "        apply_update()\n"
SCHEDULE = "        scheduler.step()\n"

CASES = {
    # GF002: the clear between the backward and the lambda's step moves to the top
    "GF002": (FORWARD + CLEAR + STEP + SCHEDULE, CLEAR + FORWARD + STEP + SCHEDULE),
    # GF012: the scheduler's step before the lambda's step moves after it
    "GF012": (CLEAR + FORWARD + SCHEDULE + STEP, CLEAR + FORWARD + STEP + SCHEDULE),
}


@pytest.mark.parametrize("code", sorted(CASES))
def test_step_through_a_lambda_fixed_like_the_hand_fix(tmp_path: Path, code: str) -> None:
    buggy, hand = CASES[code]
    assert_fixed_like_hand(
        tmp_path, SCRIPT.format(body=buggy.rstrip("\n")), SCRIPT.format(body=hand.rstrip("\n")), "--select", code
    )
