"""An accumulation window that steps several optimizers through a loop over them
(`if (i + 1) % accum == 0: for opt in optimizers: opt.step(); opt.zero_grad()`): each
optimizer still steps once per window, so the loss must be divided by the window (GF005) and
the micro-batches after the last full window flushed (GF006). The fixed script trains exactly
like the hand-fixed one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
data = torch.randn(80, 6)
targets = data @ torch.randn(6, 1)
encoder = nn.Sequential(nn.Linear(6, 12), nn.Tanh())
head = nn.Linear(12, 1)
optimizers = {
    "encoder": torch.optim.Adam(encoder.parameters(), lr=0.01),
    "head": torch.optim.SGD(head.parameters(), lr=0.05, momentum=0.9),
}
batches = [(data[i : i + 8], targets[i : i + 8]) for i in range(0, 80, 8)]  # 10 micro-batches
accum_steps = 4
losses = []


'''
BUGGY = '''def train(epochs):
    for epoch in range(epochs):
        for step, (x, y) in enumerate(batches):
            loss = nn.functional.mse_loss(head(encoder(x)), y)
            loss.backward()
            if (step + 1) % accum_steps == 0:
                for opt in optimizers.values():
                    opt.step()
                    opt.zero_grad()
            losses.append(loss.item())
'''
HAND = '''def train(epochs):
    for epoch in range(epochs):
        step = -1  # the flush after the loop reads it, also when the loop runs no batch
        for step, (x, y) in enumerate(batches):
            loss = nn.functional.mse_loss(head(encoder(x)), y)
            (loss / accum_steps).backward()
            if (step + 1) % accum_steps == 0:
                for opt in optimizers.values():
                    opt.step()
                    opt.zero_grad()
            losses.append(loss.item())

        # the last micro-batches did not fill a whole window: step on them too
        if (step + 1) % accum_steps != 0:
            for opt in optimizers.values():
                opt.step()
                opt.zero_grad()
'''
TAIL = '''

train(3)
digest = hashlib.sha256()
for module in (encoder, head):
    for param in module.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_window_stepping_each_optimizer_trains_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, HEAD + BUGGY + TAIL, HEAD + HAND + TAIL, "--select", "GF005,GF006")
