"""GF017 when the optimizer comes from a builder (`optimizer = build_optimizer(model, lr)`, a
function of another module of the project returning `torch.optim.SGD(net.parameters(), ...)`;
also `make_opt(net)` of the file, in a `while` loop): the loop trains `model` through
`train_epoch(...)` and then `evaluate(model, ...)` leaves it in eval mode, so dropout is off from
the second epoch on. The builder says which module the optimizer trains, as a construction
written in place does; the fix calls `model.train()` after the evaluation, and the fixed script
trains exactly like the hand fix, not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

BUILDERS = '''import torch


def build_optimizer(net, lr):
    return torch.optim.SGD(net.parameters(), lr=lr, momentum=0.9)
'''

HEAD = '''import hashlib
import json

import torch

from builders import build_optimizer

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(24, 4), torch.randn(24, 1)
seen = []


def make_opt(net):
    return torch.optim.Adam(net.parameters(), lr=0.01)


def train_epoch(net, opt):
    for i in range(0, 24, 6):
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(net(X[i : i + 6]), Y[i : i + 6])
        loss.backward()
        opt.step()
        seen.append(loss.item())


@torch.no_grad()
def evaluate(net):
    net.eval()
    return torch.nn.functional.mse_loss(net(X), Y).item()


model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Dropout(0.5), torch.nn.Linear(8, 1))
'''

FOR_LOOP = '''optimizer = build_optimizer(model, 0.05)
for epoch in range(3):
    train_epoch(model, optimizer)
    evaluate(model)
RESTORE'''

WHILE_LOOP = '''optimizer = make_opt(model)
epoch = 0
while epoch < 3:
    train_epoch(model, optimizer)
    evaluate(model)
RESTORE    epoch += 1
'''

TAIL = '''digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": seen, "weights_sha256": digest.hexdigest()}))
'''


@pytest.mark.parametrize("loop", ["for", "while"])
def test_the_model_is_switched_back_after_the_evaluation(loop: str, tmp_path: Path) -> None:
    body = FOR_LOOP if loop == "for" else WHILE_LOOP
    buggy = HEAD + body.replace("RESTORE", "") + TAIL
    hand = HEAD + body.replace("RESTORE", "    model.train()\n") + TAIL
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017", others={"builders.py": BUILDERS})
