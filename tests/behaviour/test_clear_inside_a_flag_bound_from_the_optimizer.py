"""GF001 in one function that trains and evaluates, where the optimizer may be `None`: the
step sits under a flag bound from the optimizer (`learning = opt is not None`) or under a mode
flag beside an `optimizer=None` parameter. A clear at the top of the iteration would call
`None.zero_grad()` in the evaluation pass; the clear goes first in the flag's block, and the
fixed script trains exactly like the hand-fixed one (and evaluates without raising)."""

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
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
train_data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(6)]
val_data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(3)]
losses = []
'''

TAIL = '''
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

FLAG = HEAD + '''

def run_epoch(loader, opt=None):
    learning = opt is not None
    model.train(learning)
    for x, y in loader:
        loss = nn.functional.mse_loss(model(x), y)
        if learning:
{clear}            loss.backward()
            opt.step()
        losses.append(loss.item())


for epoch in range(3):
    run_epoch(train_data, optimizer)
    run_epoch(val_data)
''' + TAIL

DEFAULT = HEAD + '''

def run_epoch(loader, opt=None, training=True):
    model.train(training)
    i = 0
    while i < len(loader):
        x, y = loader[i]
        loss = nn.functional.mse_loss(model(x), y)
        if training:
{clear}            loss.backward()
            opt.step()
        losses.append(loss.item())
        i += 1


for epoch in range(3):
    run_epoch(train_data, optimizer)
    run_epoch(val_data, training=False)
''' + TAIL


@pytest.mark.parametrize("script", [FLAG, DEFAULT], ids=["flag_from_the_optimizer", "optimizer_defaults_to_none"])
def test_clear_goes_first_in_the_training_flag(tmp_path: Path, script: str) -> None:
    buggy = script.format(clear="")
    hand = script.format(clear="            opt.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")
