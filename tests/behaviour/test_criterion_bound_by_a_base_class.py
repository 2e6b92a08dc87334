"""GF018 with the loss bound in a base class's `__init__` and fed probabilities in a method of a
class below it (aliased first, `crit = self.criterion`, in a subclass with a mixin; or called as
`self.criterion(...)` two classes down): the softmax is dropped, and the fixed script trains
exactly like the hand fix (the buggy one, on probabilities, trains otherwise)."""

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


class Trace:
    def note(self, value):
        self.losses.append(value)


class Base:
    def __init__(self, net):
        self.net = net
        self.criterion = nn.CrossEntropyLoss()
        self.opt = torch.optim.SGD(net.parameters(), lr=0.2)
        self.losses = []

    def fit(self, data, epochs):
        for _ in range(epochs):
            for x, y in data:
                self.step(x, y)


class Middle(Base):
    pass


class Trainer({bases}):
    def step(self, x, y):
{body}
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        self.note(loss.item())


net = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 3))
data = [(torch.randn(16, 4), torch.randint(0, 3, (16,))) for _ in range(6)]
trainer = Trainer(net)
trainer.fit(data, 3)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": trainer.losses, "weights_sha256": digest.hexdigest()}}))
'''

SHAPES = {
    "aliased": (
        "Trace, Base",
        """        crit = self.criterion
        probs = F.softmax(self.net(x), dim=1)
        loss = crit(probs, y)""",
        """        crit = self.criterion
        probs = self.net(x)
        loss = crit(probs, y)""",
    ),
    "two_classes_down": (
        "Middle, Trace",
        """        loss = self.criterion(torch.softmax(self.net(x), dim=-1), y)""",
        """        loss = self.criterion(self.net(x), y)""",
    ),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_the_inherited_criterion_receives_the_logits_after_the_fix(tmp_path: Path, shape: str) -> None:
    bases, buggy, hand = SHAPES[shape]
    assert_fixed_like_hand(
        tmp_path, SCRIPT.format(bases=bases, body=buggy), SCRIPT.format(bases=bases, body=hand), "--select", "GF018"
    )
