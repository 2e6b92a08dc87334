"""GF008 in class methods a loop calls by the class's name: `prepare` puts the model, a head
and one optimizer over both (two parameter groups) on the class, and `step` clears only
`cls.model`, so the head's gradients pile up from batch to batch. The fixed script
(`--unsafe-fixes`: the clear becomes `cls.opt.zero_grad()`) trains like the hand fix, and the
buggy one does not."""

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
losses = []


class Recipe:
    @classmethod
    def prepare(cls, model):
        cls.model = model
        cls.head = nn.Linear(8, 3)
        cls.opt = torch.optim.SGD([{{"params": cls.model.parameters()}}, {{"params": cls.head.parameters(), "lr": 0.02}}], lr=0.05)

    @classmethod
    def step(cls, x, y):
        {clear}.zero_grad()
        loss = F.cross_entropy(cls.head(cls.model(x)), y)
        loss.backward()
        cls.opt.step()
        return loss.item()


Recipe.prepare(nn.Linear(6, 8))
batches = [(X[i : i + 8], Y[i : i + 8]) for i in range(0, 32, 8)]
for epoch in range(2):
    for x, y in batches:
        losses.append(Recipe.step(x, y))
digest = hashlib.sha256()
for param in [*Recipe.model.parameters(), *Recipe.head.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_clear_of_the_class_optimizer_over_two_groups(tmp_path: Path) -> None:
    assert_fixed_like_hand(
        tmp_path, SCRIPT.format(clear="cls.model"), SCRIPT.format(clear="cls.opt"), "--select", "GF008", "--unsafe-fixes"
    )
