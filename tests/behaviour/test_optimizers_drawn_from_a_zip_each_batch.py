"""A batch loop holding a loop over (model, optimizer) pairs drawn from `zip` (or a dict's
`.items()`) that never clears: each optimizer applies gradients summed over every batch so
far. GF001 clears each optimizer first in the inner loop, where the same loop written with
`optimizers[m]` gets its clear; the fixed script trains exactly like the hand-fixed one."""

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
data = torch.randn(64, 5)
targets = data @ torch.randn(5, 1)
models = [nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 1)) for _ in range(3)]
optimizers = [torch.optim.SGD(m.parameters(), lr=0.05, momentum=0.9) for m in models]
named = {"a": models[0], "b": models[1], "c": models[2]}
by_name = dict(zip(named, optimizers))
batches = [(data[i : i + 8], targets[i : i + 8]) for i in range(0, 64, 8)]
losses = []


'''
ZIP_BUGGY = '''def train(epochs):
    for epoch in range(epochs):
        for x, y in batches:
            for model, optimizer in zip(models, optimizers):
                loss = nn.functional.mse_loss(model(x), y)
                loss.backward()
                optimizer.step()
                losses.append(loss.item())
'''
ZIP_HAND = '''def train(epochs):
    for epoch in range(epochs):
        for x, y in batches:
            for model, optimizer in zip(models, optimizers):
                optimizer.zero_grad(set_to_none=True)
                loss = nn.functional.mse_loss(model(x), y)
                loss.backward()
                optimizer.step()
                losses.append(loss.item())
'''
ITEMS_BUGGY = '''def train(epochs):
    step = 0
    while step < epochs * len(batches):
        x, y = batches[step % len(batches)]
        for name, opt in by_name.items():
            nn.functional.mse_loss(named[name](x), y).backward()
            opt.step()
        losses.append(float(step))
        step += 1
'''
ITEMS_HAND = '''def train(epochs):
    step = 0
    while step < epochs * len(batches):
        x, y = batches[step % len(batches)]
        for name, opt in by_name.items():
            opt.zero_grad(set_to_none=True)
            nn.functional.mse_loss(named[name](x), y).backward()
            opt.step()
        losses.append(float(step))
        step += 1
'''
TAIL = '''

train(3)
digest = hashlib.sha256()
for module in models:
    for param in module.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_pairs_from_zip_in_a_batch_loop_train_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, HEAD + ZIP_BUGGY + TAIL, HEAD + ZIP_HAND + TAIL, "--select", "GF001")


def test_pairs_from_items_in_a_while_batch_loop_train_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, HEAD + ITEMS_BUGGY + TAIL, HEAD + ITEMS_HAND + TAIL, "--select", "GF001")
