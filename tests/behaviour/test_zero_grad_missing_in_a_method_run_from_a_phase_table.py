"""GF001 on a trainer whose batch loop runs `self.handlers[phase](i, x, y)` over a table its
`__init__` binds (`{"train": self.train_batch, "eval": self.eval_batch}`), the training entry
never clearing: every step applies the gradients summed since the first batch. The fixed
script (a clear at the top of `train_batch`) trains exactly like the hand fix."""

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


class Trainer:
    def __init__(self, model):
        self.model = model
        self.loaders = {
            "train": [(X[i : i + 4], Y[i : i + 4]) for i in range(0, 32, 4)],
            "eval": [(X[32:], Y[32:])],
        }
        self.opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
        self.handlers = {"train": self.train_batch, "eval": self.eval_batch}
        self.losses = []

    def fit(self, epochs):
        for epoch in range(epochs):
            for phase in ("train", "eval"):
                for i, (x, y) in enumerate(self.loaders[phase]):
                    self.handlers[phase](i, x, y)

    def train_batch(self, i, x, y):
BODY
        loss = nn.functional.cross_entropy(self.model(x), y)
        loss.backward()
        self.opt.step()
        self.losses.append(loss.item())

    def eval_batch(self, i, x, y):
        with torch.no_grad():
            self.losses.append(float(nn.functional.cross_entropy(self.model(x), y)))


trainer = Trainer(nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 3)))
trainer.fit(2)
digest = hashlib.sha256()
for param in trainer.model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": trainer.losses, "weights_sha256": digest.hexdigest()}))
'''


def test_missing_clear_in_a_phase_table_entry_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("BODY\n", "")
    hand = SCRIPT.replace("BODY", "        self.opt.zero_grad(set_to_none=True)")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")
