"""GF002 on a trainer whose optimizer is handed in (`Trainer(model, SGD(model.parameters()))`,
bound in `__init__` with the model in one tuple assignment) and whose `self.model.zero_grad()`
runs between the backward and the step: the model never trains. The fixed script (the clear
moved to the top of the iteration) trains like the hand fix, and the buggy one does not."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn


class Trainer:
    def __init__(self, model, opt):
        self.model, self.opt = model, opt

    def fit(self, data, epochs, losses):
        for _ in range(epochs):
            for x, y in data:
{top}                self.opt.zero_grad()
                loss = nn.functional.cross_entropy(self.model(x), y)
                loss.backward()
                losses.append(loss.item())
{clear}                self.opt.step()


torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
data = [(torch.randn(8, 4), torch.randint(0, 2, (8,))) for _ in range(6)]
losses = []
Trainer(model, torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)).fit(data, 3, losses)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
CLEAR = "                self.model.zero_grad()\n"


def test_model_clear_of_a_trainer_with_an_optimizer_handed_in(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, SCRIPT.format(top="", clear=CLEAR), SCRIPT.format(top=CLEAR, clear=""), "--select", "GF002")
