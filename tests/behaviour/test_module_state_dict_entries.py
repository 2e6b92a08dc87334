"""variants52's `globals` shape (fix53-l): what a script shares is kept in a module-level dict
(`STATE = {}`, `STATE["sampler"] = ...` written once at the top level, read as
`STATE["sampler"]`), each entry read as a global bound once; each fixed script runs against
its hand fix:
- GF019: the `DistributedSampler` in `STATE["sampler"]` is given the epoch;
- GF027: the worker's gradients handed to the shared model of `REGISTRY["net"]` are cleared
  before each backward."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import hashlib
import json

import torch
from torch import nn
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset

torch.manual_seed(0)
torch.set_num_threads(1)


def report(model, losses):
    digest = hashlib.sha256()
    for param in model.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

SAMPLER = HEAD + '''
STATE = {{}}
DATA = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
STATE["sampler"] = DistributedSampler(DATA, num_replicas=2, rank=0, shuffle=True)
STATE["loader"] = DataLoader(DATA, batch_size=4, sampler=STATE["sampler"])
model = nn.Linear(4, 1)
STATE["opt"] = torch.optim.SGD(model.parameters(), lr=0.05)
losses = []


def train_epoch():
    for x, y in STATE["loader"]:
        STATE["opt"].zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        STATE["opt"].step()
        losses.append(loss.item())


for epoch in range(3):
{epoch}    train_epoch()
report(model, losses)
'''

SHARED = HEAD + '''
BATCHES = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
REGISTRY = dict()
worker = nn.Linear(4, 1)
REGISTRY["net"] = nn.Linear(4, 1)
REGISTRY["net"].load_state_dict(worker.state_dict())
REGISTRY["opt"] = torch.optim.SGD(REGISTRY["net"].parameters(), lr=0.05)
losses = []


def sync_and_step(batch):
    worker.load_state_dict(REGISTRY["net"].state_dict())
    x, y = batch
    loss = nn.functional.mse_loss(worker(x), y)
{clear}    loss.backward()
    for mine, theirs in zip(worker.parameters(), REGISTRY["net"].parameters()):
        theirs._grad = mine.grad
    REGISTRY["opt"].step()
    REGISTRY["opt"].zero_grad()
    losses.append(loss.item())


rounds = 0
while rounds < 2:
    for batch in BATCHES:
        sync_and_step(batch)
    rounds += 1
report(REGISTRY["net"], losses)
'''


def test_sampler_in_a_module_state_dict_is_given_the_epoch(tmp_path: Path) -> None:
    buggy = SAMPLER.format(epoch="")
    hand = SAMPLER.format(epoch='    STATE["sampler"].set_epoch(epoch)\n')
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF019")


def test_worker_gradients_handed_to_a_registry_model_are_cleared(tmp_path: Path) -> None:
    buggy = SHARED.format(clear="")
    hand = SHARED.format(clear="    worker.zero_grad()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF027")
