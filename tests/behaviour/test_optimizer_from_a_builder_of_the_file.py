"""GF027 through `optimizer = make_optimizer(cfg, central)`, a builder of the file whose return is
an entry of a registry of torch's optimizers over its parameter `model`: the optimizer is over the
central model's parameters (not over `cfg`), so its clear leaves the replica's gradients. Run
with real torch: the fixed script (the replica cleared before each backward) trains exactly like
the hand fix (the replica cleared after the hand-over), and the buggy one trains otherwise."""

from __future__ import annotations

from pathlib import Path

from .harness import apply_gradfix, assert_same_training, run_script, training_differences

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), torch.randn(32, 1)
OPTIMIZERS = {"sgd": torch.optim.SGD, "adam": torch.optim.Adam}


class Config:
    name = "sgd"
    kwargs = {"lr": 0.05, "momentum": 0.9}


def make_optimizer(cfg, model):
    return OPTIMIZERS[cfg.name](model.parameters(), **cfg.kwargs)


def run(cfg):
    central = torch.nn.Linear(5, 1)
    replica = torch.nn.Linear(5, 1)
    optimizer = make_optimizer(cfg, central)
    losses = []
    for epoch in range(2):
        for i in range(0, 32, 8):
            replica.load_state_dict(central.state_dict())
            loss = F.mse_loss(replica(X[i : i + 8]), Y[i : i + 8])
            loss.backward()
            for rp, cp in zip(replica.parameters(), central.parameters()):
                cp._grad = rp.grad
            #HAND
            optimizer.step()
            optimizer.zero_grad()
            losses.append(loss.item())
    return central, losses


central, losses = run(Config())
digest = hashlib.sha256()
for param in central.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_replica_cleared_beside_an_optimizer_from_a_registry_builder(tmp_path: Path) -> None:
    buggy = tmp_path / "buggy" / "replica.py"
    hand = tmp_path / "hand" / "replica.py"
    buggy.parent.mkdir()
    hand.parent.mkdir()
    buggy.write_text(SCRIPT.replace("            #HAND\n", ""))
    hand.write_text(SCRIPT.replace("            #HAND\n", "            replica.zero_grad()\n"))
    fixed = apply_gradfix(buggy, tmp_path / "fixed")
    assert "            replica.zero_grad()\n            loss.backward()\n" in fixed.read_text()
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(buggy), expected)
