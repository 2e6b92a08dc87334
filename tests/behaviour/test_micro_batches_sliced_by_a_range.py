"""GF005 with micro-batches sliced by a range over each batch's rows (`for i in range(0,
batch.shape[0], microbatch): micro = batch[i : i + microbatch]`, guided-diffusion's shape), each
slice's mean loss backpropagated whole: the (unsafe) fix divides it by the count of slices,
`len(range(...))`, and the fixed script trains exactly like the hand fix; the buggy one steps on
as many times the batch's mean gradient as there are slices."""

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
model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.05)
loader = [(torch.randn(12, 5), torch.randn(12, 2)) for _ in range(4)]
microbatch = 4
losses = []
for epoch in range(2):
    for batch, target in loader:
        opt.zero_grad()
        for i in range(0, batch.shape[0], microbatch):
            micro = batch[i : i + microbatch]
            loss = F.mse_loss(model(micro), target[i : i + microbatch])
            {backward}
            losses.append(loss.item())
        opt.step()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_slices_of_a_batch_divided_by_their_count(tmp_path: Path) -> None:
    buggy = SCRIPT.format(backward="loss.backward()")
    hand = SCRIPT.format(backward="(loss / len(range(0, batch.shape[0], microbatch))).backward()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005", "--unsafe-fixes")


WEIGHTED = '''import hashlib
import json

import torch


class Sampler:
    """Per-sample timesteps and importance weights, as a diffusion trainer draws them."""

    def sample(self, n):
        return torch.randint(0, 4, (n,)), torch.rand(n) + 0.5


def per_sample_losses(model, x, t):
    return {{"loss": (model(x) - t[:, None].float()).pow(2).mean(dim=1)}}


torch.manual_seed(0)
torch.set_num_threads(1)
model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.02)
sampler = Sampler()
loader = [torch.randn(12, 5) for _ in range(3)]
microbatch = 4
losses = []
{loop}
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
SLICED = '''for epoch in range(2):
    for batch in loader:
        opt.zero_grad()
        for i in range(0, batch.shape[0], microbatch):
            micro = batch[i : i + microbatch]
            t, weights = sampler.sample(micro.shape[0])
            loss = (per_sample_losses(model, micro, t)["loss"] * weights).mean()
            {backward}
            losses.append(loss.item())
        opt.step()'''
WINDOW = '''accum_steps = 3
for step, x in enumerate(loader * 2):
    t, w = sampler.sample(x.size(0))
    terms = per_sample_losses(model, x, t)
    loss = (terms["loss"] * w).mean()
    {backward}
    losses.append(loss.item())
    if (step + 1) % accum_steps == 0:
        opt.step()
        opt.zero_grad()'''


def test_importance_weighted_slices_divided_by_their_count(tmp_path: Path) -> None:
    """Each slice's loss weighted by per-sample importance weights and averaged (the weights
    are a tensor of the micro-batch, not a 1/N): still divided by the count of slices."""
    buggy = WEIGHTED.format(loop=SLICED.format(backward="loss.backward()"))
    hand = WEIGHTED.format(loop=SLICED.format(backward="(loss / len(range(0, batch.shape[0], microbatch))).backward()"))
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005", "--unsafe-fixes")


def test_importance_weighted_loss_of_an_accumulation_window(tmp_path: Path) -> None:
    buggy = WEIGHTED.format(loop=WINDOW.format(backward="loss.backward()"))
    hand = WEIGHTED.format(loop=WINDOW.format(backward="(loss / accum_steps).backward()"))
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005")


SPLIT = '''import hashlib
import json

import torch
import torch.nn.functional as F


def accumulate_grads(model, inputs, targets, micro_batch_size):
    for start in range(0, len(inputs), micro_batch_size):
        loss = F.mse_loss(model(inputs[start : start + micro_batch_size]), targets[start : start + micro_batch_size])
        {backward}


torch.manual_seed(0)
torch.set_num_threads(1)
model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
loader = [(torch.randn(12, 5), torch.randn(12, 2)) for _ in range(3)]
losses = []
for epoch in range(2):
    for inputs, targets in loader:
        optimizer.zero_grad()
        accumulate_grads(model, inputs, targets, 4)
        optimizer.step()
        with torch.no_grad():
            losses.append(F.mse_loss(model(inputs), targets).item())
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_micro_batch_function_stepped_by_its_caller(tmp_path: Path) -> None:
    """The micro-batch loop in a function of its own, the step in the loop that calls it: the
    division is written in the function, whose only call steps right after it."""
    buggy = SPLIT.format(backward="loss.backward()")
    hand = SPLIT.format(backward="(loss / len(range(0, len(inputs), micro_batch_size))).backward()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005", "--unsafe-fixes")
