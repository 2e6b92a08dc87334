"""GF002 in a multi-task loop that alternates tasks per batch (`if step % 2 == 0:` trains
task A with its optimizer, `else:` task B with its own, both over a shared trunk): the clear
of task A's optimizer sits between its backward and its step. gradfix moves it to the start
of task A's arm, where the hand fix clears; right after the step (where a conditional step's
clear goes in an accumulation loop) task B's gradients on the shared trunk would leak into
task A's next step. The fixed script trains exactly like the hand fix, unlike the buggy one
and unlike the clear placed after the step."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand, run_script, training_differences

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
shared = nn.Sequential(nn.Linear(6, 8), nn.ReLU())
head_a = nn.Linear(8, 3)
head_b = nn.Linear(8, 2)
opt_a = torch.optim.SGD(list(shared.parameters()) + list(head_a.parameters()), lr=0.1, momentum=0.9)
opt_b = torch.optim.SGD(list(shared.parameters()) + list(head_b.parameters()), lr=0.1, momentum=0.9)
data = [(torch.randn(5, 6), torch.randint(0, 3, (5,)), torch.randint(0, 2, (5,))) for _ in range(6)]
losses = []
for step, (x, ya, yb) in enumerate(data):
    if step % 2 == 0:
{first}        loss = F.cross_entropy(head_a(shared(x)), ya)
        loss.backward()
{between}        opt_a.step()
{after}    else:
        opt_b.zero_grad()
        loss = F.cross_entropy(head_b(shared(x)), yb)
        loss.backward()
        opt_b.step()
    losses.append(loss.item())
digest = hashlib.sha256()
for module in (shared, head_a, head_b):
    for param in module.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

CLEAR = "        opt_a.zero_grad()\n"


def test_clear_moved_to_the_start_of_the_tasks_arm(tmp_path: Path) -> None:
    buggy = SCRIPT.format(first="", between=CLEAR, after="")
    hand = SCRIPT.format(first=CLEAR, between="", after="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF002")
    late = tmp_path / "late" / "train.py"
    late.parent.mkdir()
    late.write_text(SCRIPT.format(first="", between="", after=CLEAR))
    assert training_differences(run_script(late), run_script(tmp_path / "hand" / "train.py"))
