"""GF005 on a loop whose backward goes through a helper that only hands its arguments on
(`def _backward(t, *args, **kwargs): t.backward(*args, **kwargs)`): an undivided loss over an
accumulation window of 4 (the step applies four times the mean gradient). The fixed script
(the argument divided, `_backward(loss / ACCUM)`) trains exactly like the hand fix. (GF003's
fix through the same helper, `_backward(total_loss)`, is checked by the variants65 fix runs:
it changes memory, not training.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn as nn

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(40, 6), torch.randint(0, 3, (40,))
loader = [(X[i : i + 4], Y[i : i + 4]) for i in range(0, 40, 4)]
model = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
ACCUM = 4
losses = []


def _backward(t, *args, **kwargs):
    t.backward(*args, **kwargs)


for epoch in range(2):
    for i, (x, y) in enumerate(loader):
BODY
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

WINDOW = """        loss = nn.functional.cross_entropy(model(x), y)
        _backward({arg})
        losses.append(loss.item())
        if (i + 1) % ACCUM == 0 or i + 1 == len(loader):
            opt.step()
            opt.zero_grad()"""


def test_undivided_loss_through_a_forwarder_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("BODY", WINDOW.format(arg="loss"))
    hand = SCRIPT.replace("BODY", WINDOW.format(arg="loss / ACCUM"))
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005")

