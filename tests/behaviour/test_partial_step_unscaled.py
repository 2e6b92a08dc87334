"""GF005 through a step function called through `functools.partial` (`update =
partial(accumulate, model, opt, every=N)` ... `update(batch, index)`), whose epoch loop also
steps the tail after the batch loop: the loss was backpropagated whole over windows of N.
gradfix divides it by the helper's own `every`; the fixed script trains exactly like the hand
fix, and not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json
from functools import partial

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
losses = []


def accumulate(model, opt, batch, index, every=1):
    x, y = batch
    loss = nn.functional.mse_loss(model(x), y)
    {backward}
    losses.append(loss.item())
    if (index + 1) % every == 0:
        opt.step()
        opt.zero_grad()


model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(7)]
update = partial(accumulate, model, opt, every=3)
for epoch in range(2):
    for index, batch in enumerate(data):
        update(batch, index)
    opt.step()
    opt.zero_grad()

digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_divided_in_the_partial_step_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.format(backward="loss.backward()")
    hand = SCRIPT.format(backward="(loss / every).backward()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005")
