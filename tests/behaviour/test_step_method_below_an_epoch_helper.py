"""A step method (function) two calls below the epoch loop: `fit` runs epochs, `_epoch` runs
the batches and flushes the tail after them, `_batch` backpropagates and steps at each
window's end. The step method is read from the batch loop that calls it (the flush the epoch
loop reaches through `_epoch` runs once per epoch, not around each call), so GF005 and GF011
see the accumulation, and their fixes train exactly like the hand fixes."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

_REPORT = '''digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

METHODS = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
losses = []


class Trainer:
    def __init__(self, net, opt, accum=3):
        self.net = net
        self.opt = opt
        self.accum = accum

    def fit(self, batches, epochs=2):
        for epoch in range(epochs):
            self._epoch(batches)

    def _epoch(self, batches):
        for k, (x, y) in enumerate(batches):
            self._batch(k, x, y)
        if len(batches) % self.accum:
            self.opt.step()
            self.opt.zero_grad()

    def _batch(self, k, x, y):
        loss = F.mse_loss(self.net(x), y)
        {backward}
        losses.append(loss.item())
        if (k + 1) % self.accum == 0:
            self.opt.step()
            self.opt.zero_grad()


model = torch.nn.Linear(4, 1)
Trainer(model, torch.optim.SGD(model.parameters(), lr=0.1)).fit(list(zip(torch.randn(7, 8, 4), torch.randn(7, 8, 1))))
''' + _REPORT

FUNCTIONS = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
losses = []
ACCUM = 4


def micro_step(model, optimizer, index, inputs, targets):
{clear}    loss = F.mse_loss(model(inputs), targets) / ACCUM
    loss.backward()
    losses.append(loss.item())
    if (index + 1) % ACCUM == 0:
        optimizer.step()
{after}

def one_epoch(model, optimizer, batches):
    for index, (inputs, targets) in enumerate(batches):
        micro_step(model, optimizer, index, inputs, targets)
    if len(batches) % ACCUM != 0:
        optimizer.step()
        optimizer.zero_grad()


def train(model, optimizer, batches, epochs=2):
    epoch = 0
    while epoch < epochs:
        one_epoch(model, optimizer, batches)
        epoch += 1


model = torch.nn.Linear(4, 1)
train(model, torch.optim.SGD(model.parameters(), lr=0.1), list(zip(torch.randn(10, 8, 4), torch.randn(10, 8, 1))))
''' + _REPORT


def test_gf005_divides_in_a_step_method_two_calls_below_the_epoch_loop(tmp_path: Path) -> None:
    buggy = METHODS.format(backward="loss.backward()")
    hand = METHODS.format(backward="(loss / self.accum).backward()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005")


def test_gf011_moves_the_clear_of_a_step_function_two_calls_below_the_epoch_loop(tmp_path: Path) -> None:
    buggy = FUNCTIONS.format(clear="    optimizer.zero_grad()\n", after="")
    hand = FUNCTIONS.format(clear="", after="        optimizer.zero_grad()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF011")
