"""GF027 through `optimizer = make_optimizer(cfg, central)` where `make_optimizer` is imported
from another module of the project (`from optim_tools import make_optimizer`) and returns a
torch optimizer over its parameter `model`: the optimizer is over the central model's
parameters (not over `cfg`), so its clear leaves the replica's gradients. Run with real torch:
the fixed script (the replica cleared before each backward) trains exactly like the hand fix,
and the buggy one trains otherwise."""

from __future__ import annotations

from pathlib import Path

from .harness import assert_fixed_like_hand

BUILDERS = '''import torch


def make_optimizer(cfg, model):
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9)
    return optimizer
'''

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

from optim_tools import make_optimizer

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), torch.randn(32, 1)


class Config:
    lr = 0.05


def run(cfg):
    central = torch.nn.Linear(5, 1)
    replica = torch.nn.Linear(5, 1)
    optimizer = make_optimizer(cfg, central)
    losses = []
    step = 0
    while step < 8:
        i = (step % 4) * 8
        replica.load_state_dict(central.state_dict())
        loss = F.mse_loss(replica(X[i : i + 8]), Y[i : i + 8])
{clear}        loss.backward()
        for rp, cp in zip(replica.parameters(), central.parameters()):
            cp._grad = rp.grad
        optimizer.step()
        optimizer.zero_grad()
        losses.append(loss.item())
        step += 1
    return central, losses


central, losses = run(Config())
digest = hashlib.sha256()
for param in central.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_replica_cleared_beside_an_optimizer_from_a_builder_of_another_module(tmp_path: Path) -> None:
    assert_fixed_like_hand(
        tmp_path,
        SCRIPT.format(clear=""),
        SCRIPT.format(clear="        replica.zero_grad()\n"),
        "--select",
        "GF027",
        others={"optim_tools.py": BUILDERS, "pyproject.toml": ""},
    )
