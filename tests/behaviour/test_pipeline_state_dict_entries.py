"""A pipeline of the module's functions over a state dict (`for fn in STAGES: state =
fn(state)`), a stage reading its optimizer out of the dict (`opt = state["opt"]`), the entry
written once before the loops (fix62-K): the optimizer is the caller's at every call, cleared
only once per epoch, so GF001 reports it. With the backward in one stage and the step in
another, the clear goes first in the batch loop around the stages' loop (not first in the
stages' loop, which would clear the backward's gradients before the step); with both in one
stage, first in that stage. Either fix trains like the hand fix."""

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


{stages}

def main():
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    state = {{"model": model, "losses": []}}
    state["opt"] = opt
    epoch = 0
    while epoch < 2:
        opt.zero_grad()
        for x, y in DATA:
{clear}            state.update(x=x, y=y)
            for fn in STAGES:
                state = fn(state)
        epoch += 1
    return model, state["losses"]


model, LOSSES = main()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": LOSSES, "weights_sha256": digest.hexdigest()}}))
'''

SPLIT = '''def forward_backward(state):
    model = state["model"]
    loss = nn.functional.mse_loss(model(state["x"]), state["y"])
    loss.backward()
    state["losses"].append(loss.item())
    return state


def update(state):
    opt = state["opt"]
    opt.step()
    return state


STAGES = (forward_backward, update)
'''

ONE_STAGE = '''def train_batch(state):
    model = state["model"]
    opt = state["opt"]
{clear}    loss = nn.functional.mse_loss(model(state["x"]), state["y"])
    loss.backward()
    opt.step()
    state["value"] = loss.item()
    return state


def record(state):
    state["losses"].append(state["value"])
    return state


STAGES = [train_batch, record]
'''


def test_backward_and_step_in_two_stages_cleared_in_the_batch_loop(tmp_path: Path) -> None:
    buggy = SCRIPT.format(stages=SPLIT, clear="")
    hand = SCRIPT.format(stages=SPLIT, clear="            opt.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")


def test_backward_and_step_in_one_stage_cleared_in_it(tmp_path: Path) -> None:
    buggy = SCRIPT.format(stages=ONE_STAGE.format(clear=""), clear="")
    hand = SCRIPT.format(stages=ONE_STAGE.format(clear="    opt.zero_grad(set_to_none=True)\n"), clear="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")
