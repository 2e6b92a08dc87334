"""An accumulation loop that runs two backwards per micro-batch, one per model (each stepped by
its own optimizer in the window), and divides only the first loss by the window: the second
must be divided too (GF005). The fixed script trains exactly like the hand-fixed one, and the
buggy one trains otherwise (the head's windows sum N whole gradients)."""

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
data = torch.randn(48, 4)
targets = data @ torch.randn(4, 1)
body = nn.Linear(4, 1)
head = nn.Linear(4, 1)
body_opt = torch.optim.SGD(body.parameters(), lr=0.05, momentum=0.9)
head_opt = torch.optim.SGD(head.parameters(), lr=0.05)
crit = nn.MSELoss()
ACC = 3
batches = [(data[i : i + 8], targets[i : i + 8]) for i in range(0, 48, 8)]  # 6: two whole windows
losses = []
for epoch in range(3):
    for i, (x, y) in enumerate(batches):
        (crit(body(x), y) / ACC).backward()
'''
BUGGY = '''        crit(head(x), y).backward()
'''
HAND = '''        (crit(head(x), y) / ACC).backward()
'''
TAIL = '''        if (i + 1) % ACC == 0:
            body_opt.step()
            head_opt.step()
            body_opt.zero_grad()
            head_opt.zero_grad()
        losses.append(crit(head(x), y).item())
digest = hashlib.sha256()
for param in [*body.parameters(), *head.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_the_undivided_backward_divided_trains_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, HEAD + BUGGY + TAIL, HEAD + HAND + TAIL, "--select", "GF005")
