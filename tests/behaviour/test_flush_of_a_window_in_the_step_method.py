"""GF006 with the accumulation window written in the trainer's step method and the loop over
the micro-batches in its epoch method (`loss = self.train_step(x, y, i)`): the flush goes after
the epoch's loop, the window's test negated with the loop's own variable for the method's
parameter (`--unsafe-fixes`). The fixed script is the hand fix, trains exactly like it, and
the buggy one does not (10 micro-batches, windows of 4: two are left over each epoch)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
WINDOW = 4
data = [(torch.randn(3, 5), torch.randn(3, 2)) for _ in range(10)]


class Trainer:
    def __init__(self):
        self.net = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
        self.opt = torch.optim.SGD(self.net.parameters(), lr=0.1, momentum=0.9)

    def learn(self, inputs, targets, {param}):
        loss = F.mse_loss(self.net(inputs), targets)
        (loss / WINDOW).backward()
        if ({param} + 1) % WINDOW == 0:
            self.opt.step()
            self.opt.zero_grad()
        return loss.item()

    def epoch(self, batches, losses):
{bind}        for step, (inputs, targets) in enumerate(batches):
            losses.append(self.learn(inputs, targets, {param}=step))
{flush}

trainer = Trainer()
losses = []
for _ in range(2):
    trainer.epoch(data, losses)
digest = hashlib.sha256()
for param in trainer.net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

FLUSH = """
        # the last micro-batches did not fill a whole window: step on them too
        if (step + 1) % WINDOW != 0:
            self.opt.step()
            self.opt.zero_grad()
"""
# the fix binds the index the flush reads before the loop too (a loader with no batch)
BIND = "        step = -1  # the flush after the loop reads it, also when the loop runs no batch\n"


@pytest.mark.parametrize("param", ["step", "k"])
def test_window_in_the_step_method_flushed_after_the_epoch_loop(param: str, tmp_path: Path) -> None:
    """`k`: the method's parameter named otherwise than the loop's `step` it is handed."""
    buggy, fixed = SCRIPT.format(bind="", flush="", param=param), SCRIPT.format(bind=BIND, flush=FLUSH, param=param)
    assert_fixed_like_hand(tmp_path, buggy, fixed, "--select", "GF006", "--unsafe-fixes")


COUNTED = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
WINDOW = 4
data = [(torch.randn(3, 5), torch.randn(3, 2)) for _ in range(10)]


class Trainer:
    def __init__(self):
        self.net = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
        self.opt = torch.optim.SGD(self.net.parameters(), lr=0.1, momentum=0.9)
        self.micro = 0

    def learn(self, inputs, targets):
        loss = F.mse_loss(self.net(inputs), targets)
        (loss / WINDOW).backward()
        self.micro += 1
        if self.micro % WINDOW == 0:
            self.opt.step()
            self.opt.zero_grad()
        return loss.item()

    def new_epoch(self):
        self.micro = 0

    def fit(self, batches, losses, epochs):
        for _ in range(epochs):
            for inputs, targets in batches:
                losses.append(self.learn(inputs, targets))
{flush}
            self.new_epoch()


trainer = Trainer()
losses = []
trainer.fit(data, losses, 2)
digest = hashlib.sha256()
for param in trainer.net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

COUNTED_FLUSH = """
            # the last micro-batches did not fill a whole window: step on them too
            if self.micro % WINDOW != 0:
                self.opt.step()
                self.opt.zero_grad()
"""


def test_window_counted_on_the_trainer_and_reset_per_epoch_flushed_before_the_reset(tmp_path: Path) -> None:
    """The step method counts on the trainer (`self.micro += 1`), the epoch's end sets the count
    back to 0 through a method: the flush goes after the batch loop, before that call."""
    buggy, fixed = COUNTED.format(flush=""), COUNTED.format(flush=COUNTED_FLUSH)
    assert_fixed_like_hand(tmp_path, buggy, fixed, "--select", "GF006", "--unsafe-fixes")
