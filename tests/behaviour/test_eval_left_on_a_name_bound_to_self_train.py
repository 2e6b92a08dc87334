"""GF017 on a module's own `fit` that trains through a local name bound to `self.train()`
(the optimizer handed in) and hands that name to an evaluation method that leaves it in eval
mode: dropout stops for the rest of training. The unsafe fix switches the name back after the
call; the fixed script trains exactly like the hand fix, and not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.5), nn.Linear(8, 1))

    def forward(self, x):
        return self.body(x)

    def fit(self, batches, optimizer, losses):
        model = self.train()
        for _ in range(2):
            for t, (x, y) in enumerate(batches):
                loss = F.mse_loss(model(x), y)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                losses.append(loss.item())
                if t % 2 == 0:
                    self.check(batches, model)
HAND
    def check(self, batches, model):
        model.eval()
        with torch.no_grad():
            return sum(F.mse_loss(model(x), y).item() for x, y in batches)


torch.manual_seed(0)
torch.set_num_threads(1)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
net = Net()
losses = []
net.fit(data, torch.optim.SGD(net.parameters(), lr=0.05), losses)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_the_name_bound_to_the_module_is_switched_back_after_the_check(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("HAND\n", "")
    hand = SCRIPT.replace("HAND\n", "").replace(
        "                    self.check(batches, model)\n",
        "                    self.check(batches, model)\n                    model.train()\n",
    )
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017", "--unsafe-fixes")
