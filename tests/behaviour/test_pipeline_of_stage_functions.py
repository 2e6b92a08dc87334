"""A loop that runs each batch through a pipeline of the module's functions over a state dict
(`for fn in (forward_backward, update, record): state = fn(state)`, or a module-level `STAGES`
tuple: variants61's `pipeline` shape, fix61-V): each function is read as called there, in
turn. A scheduler stepped before the optimizer in one stage (GF012) is fixed in that stage,
which then trains like the hand fix."""

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
DATA = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(6)]
ACCUM = 3


def forward_backward(state):
    model = state["model"]
{clear}    loss = nn.functional.mse_loss(model(state["x"]), state["y"]){scale}
    loss.backward()
    state["value"] = loss.item()
    return state


def update(state):
    opt = state["opt"]
    sched = state["sched"]
{update}    return state


def record(state):
    state["losses"].append(state["value"])
    return state


{stages}

def main():
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: 0.8**s)
    state = {{"model": model, "opt": opt, "sched": sched, "losses": []}}
    for epoch in range(2):
        for i, (x, y) in enumerate(DATA):
            state.update(i=i, x=x, y=y)
            for fn in {loop}:
                state = fn(state)
    return model, state["losses"]


model, LOSSES = main()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": LOSSES, "weights_sha256": digest.hexdigest()}}))
'''

SHAPES = {
    "tuple_in_the_for": dict(stages="", loop="(forward_backward, update, record)"),
    "module_level_list": dict(stages="STAGES = [forward_backward, update, record]\n", loop="STAGES"),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_scheduler_stepped_first_in_a_stage(tmp_path: Path, shape: str) -> None:
    parts = dict(SHAPES[shape], clear='    opt = state["opt"]\n    opt.zero_grad()\n', scale="")
    buggy = SCRIPT.format(update="    sched.step()\n    opt.step()\n", **parts)
    hand = SCRIPT.format(update="    opt.step()\n    sched.step()\n", **parts)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF012")

