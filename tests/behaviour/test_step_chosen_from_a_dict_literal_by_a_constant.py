"""GF001 and GF009 through a step chosen from a dict literal by a module constant
(`{"train": train_step, "eval": eval_step}[MODE](net, optimizer, x, y)` with `MODE = "train"`):
the loop runs `train_step`, which never clears and sums the loss tensor into a metrics dict
item read by `.get`. The clear goes into the step, the sum takes the detached value, and the
fixed script trains exactly like the hand-fixed one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
MODE = "train"


def train_step(net, optimizer, metrics, x, y):
{clear}    loss = nn.functional.mse_loss(net(x), y)
    loss.backward()
    optimizer.step()
    metrics["sum"] = metrics.get("sum", 0.0) + {summed}
    return loss.item()


def eval_step(net, optimizer, metrics, x, y):
    with torch.no_grad():
        return nn.functional.mse_loss(net(x), y).item()


net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Dropout(0.2), nn.Linear(8, 1))
optimizer = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(7)]
losses = []
for epoch in range(2):
    metrics = {{}}
    for x, y in data:
        losses.append({{"train": train_step, "eval": eval_step}}[MODE](net, optimizer, metrics, x, y))
    losses.append(float(metrics["sum"]))
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
CLEAR = "    optimizer.zero_grad(set_to_none=True)\n"


def test_step_from_a_dict_literal_cleared_and_its_sum_detached(tmp_path: Path) -> None:
    assert_fixed_like_hand(
        tmp_path,
        SCRIPT.format(clear="", summed="loss"),
        SCRIPT.format(clear=CLEAR, summed="loss.detach()"),
        "--select",
        "GF001,GF009",
    )
