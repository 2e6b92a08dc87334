"""GF018 on a class-method step whose criterion is a class attribute (`cls.criterion =
nn.CrossEntropyLoss()` in another class method, `probs = cls.model(x).softmax(dim=-1)`;
`loss = cls.criterion(probs, y)`): the loss applies softmax twice. The fixed script trains
exactly like the hand fix (the logits handed to the criterion)."""

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
X, Y = torch.randn(32, 6), torch.randint(0, 3, (32,))
loader = [(X[i : i + 4], Y[i : i + 4]) for i in range(0, 32, 4)]
losses = []


class Recipe:
    @classmethod
    def prepare(cls, model):
        cls.model = model
        cls.criterion = nn.CrossEntropyLoss()
        cls.opt = torch.optim.Adam(model.parameters(), lr=0.01)

    @classmethod
    def step(cls, x, y):
        cls.opt.zero_grad()
        OUTPUT
        loss = cls.criterion(probs, y)
        loss.backward()
        cls.opt.step()
        return loss.item()


Recipe.prepare(nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 3)))
for epoch in range(3):
    for x, y in loader:
        losses.append(Recipe.step(x, y))
digest = hashlib.sha256()
for param in Recipe.model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_softmax_into_a_cls_criterion_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("OUTPUT", "probs = cls.model(x).softmax(dim=-1)")
    hand = SCRIPT.replace("OUTPUT", "probs = cls.model(x)")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF018")
