"""GF017 in two trainer shapes the base install missed (sweep52a): a trainer whose `__init__`
builds the optimizer into a local and stores it (`optimizer = SGD(net.parameters()); self.optimizer
= optimizer`) evaluates after each epoch and never switches back; a step method that samples in
eval mode through `functools.partial(self.model.sample, ...)`, called by a `while` loop. Dropout
is off for every later step in both. The fixed scripts train exactly like the hand fixes, not
like the buggy ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import hashlib
import json
from functools import partial

import torch

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(24, 4), torch.randn(24, 1)
seen = []


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Dropout(0.5), torch.nn.Linear(8, 1))

    def forward(self, x):
        return self.body(x)

    def sample(self, n):
        return self.body(torch.ones(n, 4))
'''

EPOCHS = '''

class Trainer:
    def __init__(self, net):
        self.net = net
        optimizer = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
        self.optimizer = optimizer

    def fit(self, epochs):
        for epoch in range(epochs):
RESTORE            for i in range(0, 24, 6):
                self.optimizer.zero_grad()
                loss = torch.nn.functional.mse_loss(self.net(X[i : i + 6]), Y[i : i + 6])
                loss.backward()
                self.optimizer.step()
                seen.append(loss.item())
            self.net.eval()
            with torch.no_grad():
                torch.nn.functional.mse_loss(self.net(X), Y).item()


model = Net()
Trainer(model).fit(3)
'''

STEPS = '''

class Runner:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=0.01)
        self.done = 0

    def step_once(self):
        i = (self.done % 4) * 6
        loss = torch.nn.functional.mse_loss(self.model(X[i : i + 6]), Y[i : i + 6])
        loss.backward()
        self.opt.step()
        self.opt.zero_grad()
        if self.done % 3 == 0:
            self.model.eval()
            draw = partial(self.model.sample, 2)
            with torch.no_grad():
                draw()
        self.done += 1
        return loss.item()

    def run(self, steps):
        while self.done < steps:
            seen.append(self.step_once())
RESTORE

model = Net()
Runner(model).run(8)
'''

TAIL = '''digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": seen, "weights_sha256": digest.hexdigest()}))
'''


@pytest.mark.parametrize("shape", ["stored_local_optimizer", "partial_sampling_step"])
def test_the_model_is_switched_back(shape: str, tmp_path: Path) -> None:
    if shape == "stored_local_optimizer":
        body, restore = EPOCHS, "            self.net.train()\n"
    else:
        body, restore = STEPS, "            self.model.train()\n"
    buggy = HEAD + body.replace("RESTORE", "") + TAIL
    hand = HEAD + body.replace("RESTORE", restore) + TAIL
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
