"""GF030 in an epoch loop whose batch loop goes over a progress bar the epoch binds (`bar =
tqdm(loader, total=len(loader), desc=f"epoch {epoch}", disable=True)` ... `for x, y in bar:`):
the bar goes over the same loader every epoch, so the momentum SGD built in the epoch loop
restarts the same training. The fix builds it once before the loop, and the fixed script
trains exactly like the hand-fixed one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")
pytest.importorskip("tqdm")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn
from tqdm import tqdm

torch.manual_seed(0)
torch.set_num_threads(1)
net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
loader = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(6)]
losses = []
{outside}for epoch in range(3):
{inside}    bar = tqdm(loader, total=len(loader), desc=f"epoch {{epoch}}", disable=True)
    for x, y in bar:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(net(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
        bar.set_postfix(loss=loss.item())
    bar.close()
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
BUILD = "optimizer = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)\n"


def test_momentum_sgd_built_per_epoch_moved_before_the_loop(tmp_path: Path) -> None:
    assert_fixed_like_hand(
        tmp_path,
        SCRIPT.format(outside="", inside="    " + BUILD),
        SCRIPT.format(outside=BUILD, inside=""),
        "--select",
        "GF030",
    )
