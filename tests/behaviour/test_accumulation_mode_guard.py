"""An accumulation loop inside `if phase == "train":` (one function for the training and the
evaluation pass): GF005 divides the loss, GF015 moves the window test, GF006 flushes the tail
after the loop under the same phase test. After `gradfix --write` the script trains exactly
like the loop fixed by hand, and the evaluation pass (whose loop also ends on a counter that
is not a multiple of N) never steps."""

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
accum = 4
train_batches = [(torch.randn(16, 8), torch.randint(0, 3, (16,))) for _ in range(10)]
val_batches = [(torch.randn(16, 8), torch.randint(0, 3, (16,))) for _ in range(3)]
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, weight_decay=0.01)
losses = []


'''
BUGGY = '''def run_epoch(batches, phase="train"):
    total = 0.0
    for i, (inputs, targets) in enumerate(batches):
        loss = nn.functional.cross_entropy(model(inputs), targets)
        if phase == "train":
            loss.backward()
            if i % accum == 0:
                optimizer.step()
                optimizer.zero_grad()
        total += loss.item()
    return total
'''
HAND = '''def run_epoch(batches, phase="train"):
    total = 0.0
    i = -1  # the flush after the loop reads it, also when the loop runs no batch
    for i, (inputs, targets) in enumerate(batches):
        loss = nn.functional.cross_entropy(model(inputs), targets)
        if phase == "train":
            (loss / accum).backward()
            if (i + 1) % accum == 0:
                optimizer.step()
                optimizer.zero_grad()
        total += loss.item()

    # the last micro-batches did not fill a whole window: step on them too
    if phase == "train" and (i + 1) % accum != 0:
        optimizer.step()
        optimizer.zero_grad()
    return total
'''
TAIL = '''

for epoch in range(3):
    losses.append(run_epoch(train_batches, "train"))
    with torch.no_grad():
        losses.append(run_epoch(val_batches, "eval"))

digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_mode_guarded_accumulation_trains_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, HEAD + BUGGY + TAIL, HEAD + HAND + TAIL, "--select", "GF005,GF006,GF015")
