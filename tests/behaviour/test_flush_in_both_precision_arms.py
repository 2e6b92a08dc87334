"""GF006 on a window written twice, once in each arm of `if self.use_amp:` (the scaled backward
and `scaler.step` in one, the plain backward and `optimizer.step` in the other, the same window
test in both): the flush after the loop repeats each arm's window under its arm's test. The
fixed script trains exactly like the hand fix, with either arm running (the mixed-precision one
on the CPU, in bfloat16 with an enabled scaler), and the buggy one trains otherwise."""

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


class Runner:
    def __init__(self, model, use_amp):
        self.model = model
        self.use_amp = use_amp
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        self.scaler = torch.amp.GradScaler("cpu", enabled=use_amp)

    def train_epoch(self, batches, accum=4):
        losses = []
{bind}        for i, (x, y) in enumerate(batches):
            if self.use_amp:
                with torch.autocast("cpu", dtype=torch.bfloat16):
                    loss = nn.functional.mse_loss(self.model(x).float(), y) / accum
                self.scaler.scale(loss).backward()
                if (i + 1) % accum == 0:
                    self.scaler.step(self.optimizer)
                    self.scaler.update()
                    self.optimizer.zero_grad()
            else:
                loss = nn.functional.mse_loss(self.model(x), y) / accum
                loss.backward()
                if (i + 1) % accum == 0:
                    self.optimizer.step()
                    self.optimizer.zero_grad()
            losses.append(loss.item())
{flush}        return losses


model = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))
runner = Runner(model, {use_amp})
batches = [(torch.randn(8, 3), torch.randn(8, 1)) for _ in range(10)]
losses = []
for epoch in range(3):
    losses += runner.train_epoch(batches)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

FLUSH = """
        # the last micro-batches did not fill a whole window: step on them too
        if self.use_amp and (i + 1) % accum != 0:
            self.scaler.step(self.optimizer)
            self.scaler.update()
            self.optimizer.zero_grad()
        if not self.use_amp and (i + 1) % accum != 0:
            self.optimizer.step()
            self.optimizer.zero_grad()
"""
# the fix binds the index the flush reads before the loop too, once for both arms (a loader
# with no batch)
BIND = "        i = -1  # the flush after the loop reads it, also when the loop runs no batch\n"


@pytest.mark.parametrize("use_amp", [False, True])
def test_both_arms_flushed(tmp_path: Path, use_amp: bool) -> None:
    buggy = SCRIPT.format(bind="", flush="", use_amp=use_amp)
    hand = SCRIPT.format(bind=BIND, flush=FLUSH, use_amp=use_amp)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF006")
