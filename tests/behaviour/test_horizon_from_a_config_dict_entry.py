"""GF020 on a cosine schedule whose `T_max` is an entry of a dict written out in the file
(`cfg["t_max"]` with `cfg = {"t_max": EPOCHS}`: epochs) but which steps every batch: the unsafe
fix moves the step after the batch loop. The fixed script trains exactly like the hand-fixed
one, whose learning rate follows the cosine over the epochs instead of cycling within them."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

EPOCHS = 4
cfg = {{"lr": 0.1, "epochs": EPOCHS, "t_max": EPOCHS}}

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=cfg["t_max"])
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
losses, lrs = [], []
for epoch in range(cfg["epochs"]):
    for x, y in data:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
{inner}        losses.append(loss.item())
{outer}    lrs.append(optimizer.param_groups[0]["lr"])
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest(), "extra": {{"lrs": lrs}}}}))
'''


def test_epoch_horizon_from_a_dict_entry_steps_once_per_epoch(tmp_path: Path) -> None:
    buggy = SCRIPT.format(inner="        scheduler.step()\n", outer="")
    hand = SCRIPT.format(inner="", outer="    scheduler.step()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF020", "--unsafe-fixes")
