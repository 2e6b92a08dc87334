"""GF006 on a checkpoint-resumed pass over the data: `for i in range(start, len(data)):` with
`start = ckpt["step"] if epoch == ckpt["epoch"] else 0` (the index counts the loader's own
positions, so the windows fall where a fresh run puts them). The flush goes after the batch
loop, the index it reads bound to -1 right before the loop (so a resumed pass that runs no
batch reads a bound index at which the flush's test does not hold), and the fixed script
trains exactly like the hand-fixed one, also when the run resumes part-way into its first
epoch."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

RESUMED = '''import hashlib
import json

import torch
from torch import nn

ACCUM = 4
torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(11)]
losses = []


def run(ckpt):
    epoch = ckpt["epoch"]
    while epoch < 3:
        optimizer.zero_grad()
        start = ckpt["step"] if epoch == ckpt["epoch"] else 0
{bind}        for i in range(start, len(data)):
            x, y = data[i]
            loss = nn.functional.mse_loss(model(x), y)
            (loss / ACCUM).backward()
            losses.append(loss.item())
            if i % ACCUM == ACCUM - 1:
                optimizer.step()
                optimizer.zero_grad()
{flush}        epoch += 1


run({{"epoch": 0, "step": 5}})
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
# the fix binds the index the flush reads before the loop too, to -1 whatever `start` is: on a
# resumed pass that runs no batch the flush's test does not hold there
RESUMED_BIND = "        i = -1  # the flush after the loop reads it, also when the loop runs no batch\n"
RESUMED_FLUSH = """
        # the last micro-batches did not fill a whole window: step on them too
        if i % ACCUM != ACCUM - 1:
            optimizer.step()
            optimizer.zero_grad()
"""

ATTRIBUTE = '''import hashlib
import json
import types

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
opt = torch.optim.Adam(net.parameters(), lr=0.01)
batches = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(10)]
history = []


def fit(args, every):
    for epoch in range(args.first_epoch, 3):
        first = args.resume_batch if epoch == args.first_epoch else 0
{bind}        for k in range(first, len(batches)):
            x, y = batches[k]
            loss = nn.functional.mse_loss(net(x), y) / every
            loss.backward()
            history.append(loss.item())
            if (k + 1) % every == 0:
                opt.step()
                opt.zero_grad()
{flush}

fit(types.SimpleNamespace(first_epoch=0, resume_batch=2), 3)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": history, "weights_sha256": digest.hexdigest()}}))
'''
ATTRIBUTE_BIND = "        k = -1  # the flush after the loop reads it, also when the loop runs no batch\n"
ATTRIBUTE_FLUSH = """
        # the last micro-batches did not fill a whole window: step on them too
        if (k + 1) % every != 0:
            opt.step()
            opt.zero_grad()
"""


def test_flush_of_a_pass_resumed_from_a_checkpoint_dict(tmp_path: Path) -> None:
    buggy, hand = RESUMED.format(bind="", flush=""), RESUMED.format(bind=RESUMED_BIND, flush=RESUMED_FLUSH)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF006")


def test_flush_of_a_pass_resumed_from_an_attribute_in_a_for_epoch_loop(tmp_path: Path) -> None:
    buggy, hand = ATTRIBUTE.format(bind="", flush=""), ATTRIBUTE.format(bind=ATTRIBUTE_BIND, flush=ATTRIBUTE_FLUSH)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF006")
