"""variants55's `factory` shape (fix55-v): the training step is a closure that a factory returns
in a tuple beside an end-of-epoch closure (`step, end_epoch = make_steps(model, opt)`), called
from a `while True` loop drawing batches with `next`; the step never clears, so gradients pile
up. The fix clears at the top of the closure, which then trains like the hand fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
DATA = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(5)]
LOSSES = []


def make_steps(model, opt):
    def step(x, y):
{clear}        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        return loss.item()

    def end_epoch(epoch):
        with torch.no_grad():
            LOSSES.append(float(sum(p.abs().sum() for p in model.parameters())))

    return step, end_epoch


def main():
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)
    step, end_epoch = make_steps(model, opt)
    for epoch in range(3):
        batches = iter(DATA)
        while True:
            try:
                x, y = next(batches)
            except StopIteration:
                break
            LOSSES.append(step(x, y))
        end_epoch(epoch)
    return model


model = main()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": LOSSES, "weights_sha256": digest.hexdigest()}}))
'''


def test_clear_added_in_a_step_returned_in_a_tuple(tmp_path: Path) -> None:
    buggy = SCRIPT.format(clear="")
    hand = SCRIPT.format(clear="        opt.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")
