"""GF002 on a step function that clears between its backward and its step, called once per
batch through `update_fn`, bound at the module's top level in both arms of an `if` (`if
USE_COMPILE: update_fn = torch.compile(update, backend="eager")` / `else: update_fn = update`):
no step ever applies a gradient. The fixed script (the clear moved before the forward) trains
exactly like the hand fix, in either arm."""

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
X, Y = torch.randn(24, 5), torch.randn(24, 1)
USE_COMPILE = FLAG


def update(net, sgd, loss_fn, xb, yb, losses):
BODY
    sgd.step()


if USE_COMPILE:
    update_fn = torch.compile(update, backend="eager")
else:
    update_fn = update


def main():
    net = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 1))
    sgd = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
    loss_fn = nn.MSELoss()
    losses = []
    for epoch in range(3):
        for i in range(0, 24, 6):
            update_fn(net, sgd, loss_fn, X[i : i + 6], Y[i : i + 6], losses)
    digest = hashlib.sha256()
    for param in net.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))


main()
'''

FORWARD = "    loss = loss_fn(net(xb), yb)\n    loss.backward()\n    losses.append(loss.item())\n"
CLEAR = "    sgd.zero_grad(set_to_none=True)\n"


@pytest.mark.parametrize("flag", ["True", "False"])
def test_clear_after_backward_in_a_step_aliased_under_a_top_level_if_fixed_like_the_hand_fix(tmp_path: Path, flag: str) -> None:
    script = SCRIPT.replace("FLAG", flag)
    buggy = script.replace("BODY\n", FORWARD + CLEAR)
    hand = script.replace("BODY\n", CLEAR + FORWARD)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF002")
