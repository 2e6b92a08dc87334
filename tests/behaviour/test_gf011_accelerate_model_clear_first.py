"""`model.zero_grad()` at the start of an Accelerate `accumulate` block clears every
micro-batch (GF011). The optimizer's clear in its place would still run on the window's last
micro-batch, before its backward, and wipe the window (Accelerate gates it by
`sync_gradients`, which is True there): the fix removes the model clear when the block clears
the optimizer after its step, else moves the clear right after the step. With real Accelerate
on CPU, each fixed script trains exactly like its hand fix, and the buggy one otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")
pytest.importorskip("accelerate")

HEAD = '''import hashlib
import json

import torch
from accelerate import Accelerator
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
data = torch.randn(48, 4)
targets = data @ torch.randn(4, 1)
batches = [(data[i : i + 4], targets[i : i + 4]) for i in range(0, 48, 4)]
losses = []


class Fitter:
    def __init__(self):
        self.accelerator = Accelerator(cpu=True, gradient_accumulation_steps=3)
        net = nn.Linear(4, 1)
        self.net, self.opt = self.accelerator.prepare(net, torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9))

    def fit(self):
        for x, y in batches:
            with self.accelerator.accumulate(self.net):
'''
CLEAR = '''                self.net.zero_grad()
'''
BODY = '''                loss = nn.functional.mse_loss(self.net(x), y)
                self.accelerator.backward(loss)
                self.opt.step()
'''
AFTER = '''                self.opt.zero_grad()
'''
TAIL = '''            losses.append(loss.item())


fitter = Fitter()
for epoch in range(2):
    fitter.fit()
digest = hashlib.sha256()
for param in fitter.net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_model_clear_removed_when_the_block_clears_after_the_step(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, HEAD + CLEAR + BODY + AFTER + TAIL, HEAD + BODY + AFTER + TAIL, "--select", "GF011")


def test_model_clear_moved_after_the_step_as_the_optimizer_clear(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, HEAD + CLEAR + BODY + TAIL, HEAD + BODY + AFTER + TAIL, "--select", "GF011")


def test_optimizer_clear_first_removed_when_the_block_clears_after_the_step(tmp_path: Path) -> None:
    first = CLEAR.replace("self.net.zero_grad()", "self.opt.zero_grad()")
    after = AFTER.replace("zero_grad()", "zero_grad(set_to_none=True)")
    assert_fixed_like_hand(tmp_path, HEAD + first + BODY + after + TAIL, HEAD + BODY + after + TAIL, "--select", "GF011")


def test_model_clear_moved_when_the_later_optimizer_clear_is_periodic(tmp_path: Path) -> None:
    periodic = '''                if len(losses) % 5 == 0:
                    self.opt.zero_grad()
'''
    assert_fixed_like_hand(
        tmp_path, HEAD + CLEAR + BODY + periodic + TAIL, HEAD + BODY + AFTER + periodic + TAIL, "--select", "GF011"
    )
