"""variants56's `ctxmgr` and `iterproto` shapes (fix56-V): the training step is a method of an
object bound by `with Trainer(...) as trainer:` (whose `__enter__` builds the optimizer and
returns `self`), or run by the `__next__` of an object a `for` loop iterates (`__iter__`
returning `self`, `__next__` calling `self.run(...)` and starting the next epoch by calling
itself). Neither step clears, so gradients pile up; the fix clears at the top of the step
method, which then trains like the hand fix."""

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
DATA = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(5)]
LOSSES = []
'''

TAIL = '''

model = main()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": LOSSES, "weights_sha256": digest.hexdigest()}}))
'''

WITH = HEAD + '''

class Trainer:
    def __init__(self, model):
        self.model = model

    def __enter__(self):
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.02, momentum=0.9)
        return self

    def __exit__(self, exc_type, exc, tb):
        return False

    def step(self, x, y):
{clear}        loss = nn.functional.mse_loss(self.model(x), y)
        loss.backward()
        self.opt.step()
        return loss.item()


def main():
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    with Trainer(model) as trainer:
        for epoch in range(3):
            for x, y in DATA:
                LOSSES.append(trainer.step(x, y))
    return model
''' + TAIL

ITERATED = HEAD + '''

class TrainLoop:
    def __init__(self, model, epochs):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=1e-2)
        self.epochs = epochs
        self.epoch = 0
        self.batches = iter(DATA)

    def __iter__(self):
        return self

    def __next__(self):
        try:
            x, y = next(self.batches)
        except StopIteration:
            self.epoch += 1
            if self.epoch == self.epochs:
                raise
            self.batches = iter(DATA)
            return self.__next__()
        return self.run(x, y)

    def run(self, x, y):
{clear}        loss = nn.functional.mse_loss(self.model(x), y)
        loss.backward()
        self.opt.step()
        return loss.item()


def main():
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    for value in TrainLoop(model, 3):
        LOSSES.append(value)
    return model
''' + TAIL


@pytest.mark.parametrize(
    "script,clear",
    [(WITH, "        self.opt.zero_grad(set_to_none=True)\n"), (ITERATED, "        self.opt.zero_grad(set_to_none=True)\n")],
    ids=["with-statement", "iterated-next"],
)
def test_clear_added_in_the_step_method(tmp_path: Path, script: str, clear: str) -> None:
    buggy = script.format(clear="")
    hand = script.format(clear=clear)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")
