"""GF018 on softmax probabilities handed to the CrossEntropyLoss a training function builds and
hands to `step = torch.compile(train_step, backend="eager")`, the alias bound inside that
function (not at the module's top level) and called once per batch in a `while` loop: the loss
applies a second softmax. The fixed script (the logits handed as they are) trains exactly like
the hand fix."""

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
X, Y = torch.randn(24, 5), torch.randint(0, 3, (24,))


def train_step(net, loss_fn, opt, xb, yb, losses):
    opt.zero_grad()
    loss = loss_fn(OUTPUT, yb)
    loss.backward()
    opt.step()
    losses.append(loss.item())


def main():
    net = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 3))
    loss_fn = nn.CrossEntropyLoss()
    opt = torch.optim.Adam(net.parameters(), lr=1e-2)
    step = torch.compile(train_step, backend="eager")
    losses = []
    k = 0
    while k < 12:
        i = (k % 4) * 6
        step(net, loss_fn, opt, X[i : i + 6], Y[i : i + 6], losses)
        k += 1
    digest = hashlib.sha256()
    for param in net.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))


main()
'''


def test_softmax_into_the_criterion_of_a_step_compiled_in_main_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("OUTPUT", "torch.softmax(net(xb), dim=1)")
    hand = SCRIPT.replace("OUTPUT", "net(xb)")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF018")
