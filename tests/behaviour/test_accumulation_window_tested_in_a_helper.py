"""GF005 on an accumulation window tested in a helper the loop calls
(`self._boundary(step, window=self.accum_steps)` into `def _boundary(self, step, window):
if step % window == 0: ...`): N is the argument the loop hands to the helper's parameter, and
the fix divides the loss by it as the loop spells it. The fixed script trains exactly like the
hand-fixed one; the buggy one does not."""

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


class Trainer:
    def __init__(self, net, optimizer, accum_steps):
        self.net = net
        self.optimizer = optimizer
        self.accum_steps = accum_steps
        self.losses = []

    def _boundary(self, step, window):
        if step % window == 0:
            self.optimizer.step()
            self.optimizer.zero_grad()

    def fit(self, batches, total):
        step = 0
        while step < total:
            inputs, targets = batches[step % len(batches)]
            step += 1
            loss = nn.functional.mse_loss(self.net(inputs), targets)
{backward}
            self._boundary(step, window=self.accum_steps)
            self.losses.append(loss.item())


net = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))
trainer = Trainer(net, torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9), 4)
trainer.fit([(torch.randn(8, 3), torch.randn(8, 1)) for _ in range(6)], 24)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": trainer.losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_window_of_a_helper_divided_by_the_argument_the_loop_hands_it(tmp_path: Path) -> None:
    buggy = SCRIPT.format(backward="            loss.backward()")
    hand = SCRIPT.format(backward="            (loss / self.accum_steps).backward()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005")
