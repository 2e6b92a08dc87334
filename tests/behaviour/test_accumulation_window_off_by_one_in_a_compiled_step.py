"""GF015 on a window tested on the zero-based batch index (`k % GRAD_ACC == 0`) inside a step
helper called once per batch through a module-level `torch.compile(accumulate,
backend="eager")`, the caller flushing the tail: the first window steps after one micro-batch.
The fixed script (`(k + 1) % GRAD_ACC == 0` in the helper) trains exactly like the hand fix."""

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
GRAD_ACC = 4


def accumulate(net, sgd, loss_fn, k, inputs, labels, losses):
    loss = loss_fn(net(inputs), labels) / GRAD_ACC
    loss.backward()
    losses.append(loss.item())
    if TEST % GRAD_ACC == 0:
        sgd.step()
        sgd.zero_grad()


compiled_accumulate = torch.compile(accumulate, backend="eager")


def run(net, epochs):
    sgd = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
    loss_fn = nn.CrossEntropyLoss()
    losses = []
    batches = [(X[i : i + 4], Y[i : i + 4]) for i in range(0, 40, 4)]
    for _ in range(epochs):
        for k, (inputs, labels) in enumerate(batches):
            compiled_accumulate(net, sgd, loss_fn, k, inputs, labels, losses)
        if len(batches) % GRAD_ACC != 0:
            sgd.step()
            sgd.zero_grad()
    return losses


net = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 3))
losses = run(net, 2)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_window_off_by_one_in_a_compiled_step_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("TEST", "k")
    hand = SCRIPT.replace("TEST", "(k + 1)")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF015")
