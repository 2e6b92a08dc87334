"""GF018 on a criterion unpacked from a set-up function of the file that returns a tuple
(`model, criterion, loader = build()`, `return net, nn.CrossEntropyLoss(), loader`) and handed to
a factory whose closure trains an epoch: the closure feeds the loss softmax probabilities, which
it log-softmaxes again. The fixed script trains exactly like the hand fix (the logits handed to
the criterion)."""

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
X, Y = torch.randn(32, 6), torch.randint(0, 3, (32,))
losses = []


def build():
    net = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 3))
    loader = [(X[i : i + 4], Y[i : i + 4]) for i in range(0, 32, 4)]
    return net, nn.CrossEntropyLoss(), loader


def make_epoch_runner(net, criterion, loader):
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)

    def run_epoch():
        for x, y in loader:
            opt.zero_grad()
            loss = criterion(OUTPUT, y)
            loss.backward()
            opt.step()
            losses.append(loss.item())

    return run_epoch


def main():
    net, criterion, loader = build()
    run_epoch = make_epoch_runner(net, criterion, loader)
    for epoch in range(3):
        run_epoch()
    return net


net = main()
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_softmax_into_an_unpacked_criterion_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("OUTPUT", "torch.softmax(net(x), dim=1)")
    hand = SCRIPT.replace("OUTPUT", "net(x)")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF018")
