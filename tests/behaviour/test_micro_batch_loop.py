"""nanoGPT's accumulation shape without the division: `for micro_step in
range(gradient_accumulation_steps):` backpropagates each micro-batch's mean loss whole and the
step follows the inner loop, so every update applies N times the mean gradient. GF005 divides
the loss at the backward; the script then trains exactly like the hand-fixed loop."""

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
data = torch.randn(256, 8)
targets = data @ torch.randn(8, 1)
model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
gradient_accumulation_steps = 4
cursor = 0
losses = []


def get_batch():
    global cursor
    x, y = data[cursor : cursor + 8], targets[cursor : cursor + 8]
    cursor = (cursor + 8) % len(data)
    return x, y


'''
BUGGY = '''def train(max_iters):
    X, Y = get_batch()
    for iter_num in range(max_iters):
        for micro_step in range(gradient_accumulation_steps):
            loss = nn.functional.mse_loss(model(X), Y)
            X, Y = get_batch()
            loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        losses.append(loss.item())
'''
HAND = BUGGY.replace("            loss.backward()\n", "            (loss / gradient_accumulation_steps).backward()\n")
TAIL = '''

train(12)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_micro_batch_loop_division_trains_like_the_hand_fix(tmp_path: Path) -> None:
    assert HAND != BUGGY
    assert_fixed_like_hand(tmp_path, HEAD + BUGGY + TAIL, HEAD + HAND + TAIL, "--select", "GF005")
