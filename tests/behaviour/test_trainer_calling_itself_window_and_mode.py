"""A trainer that runs its batches by calling itself (`self(x, y, i)`, its `__call__`
forwarding to a static step method), read by GF015 and GF017 as `self.__call__(...)` is: a
first window one micro-batch long (`i % N == 0` in the static step) and an evaluation that
leaves the model in eval mode for the next epoch. Each fixed script trains exactly like its
hand-fixed twin, and the buggy one does not."""

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
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(6)]
N = 3


class Trainer:
    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.5)
        self.seen = []

    @staticmethod
    def train_step(net, opt, x, y, i):
        loss = nn.functional.mse_loss(net(x), y) / N
        loss.backward()
        if {window} % N == 0:
            opt.step()
            opt.zero_grad()
        return loss.item()

    def __call__(self, x, y, i):
        return Trainer.train_step(self.net, self.opt, x, y, i)

    def fit(self, epochs):
        out = []
        self.net.train()
        for _ in range(epochs):
{restore}            for i, (x, y) in enumerate(data):
                out.append(self(x, y, i))
            self.net.eval()
            with torch.no_grad():
                self.seen.append(sum(self.net(x).sum().item() for x, _ in data))
        return out


torch.manual_seed(1)
model = nn.Sequential(nn.Linear(4, 16), nn.Dropout(0.5), nn.Linear(16, 1))
losses = Trainer(model).fit(3)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_first_window_of_a_static_step_the_trainer_reaches_by_calling_itself(tmp_path: Path) -> None:
    buggy = SCRIPT.format(window="i", restore="            self.net.train()\n")
    hand = SCRIPT.format(window="(i + 1)", restore="            self.net.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF015")


def test_eval_mode_restored_before_the_batches_the_trainer_runs_by_calling_itself(tmp_path: Path) -> None:
    buggy = SCRIPT.format(window="(i + 1)", restore="")
    hand = SCRIPT.format(window="(i + 1)", restore="            self.net.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
