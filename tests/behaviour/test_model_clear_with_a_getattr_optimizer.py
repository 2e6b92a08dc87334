"""GF008 on `model.zero_grad()` as the only clear while the optimizer, built by a class looked up
with `getattr(torch.optim, name)`, also trains an encoder the model does not own: the encoder's
gradients pile up across steps. The fixed script (`--unsafe-fixes`: the optimizer's own clear)
trains exactly like the hand fix, not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(24, 4), torch.randn(24, 1)
losses = []


def fit(name):
    torch.manual_seed(1)
    encoder, model = torch.nn.Linear(4, 4), torch.nn.Linear(4, 1)
    optim_cls = getattr(torch.optim, name)
    optimizer = optim_cls([*encoder.parameters(), *model.parameters()], lr=0.05)
    for epoch in range(3):
        for i in range(0, 24, 6):
            CLEAR
            loss = torch.nn.functional.mse_loss(model(encoder(X[i : i + 6])), Y[i : i + 6])
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
    return [*encoder.parameters(), *model.parameters()]


digest = hashlib.sha256()
for param in fit("SGD"):
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_model_clear_with_a_getattr_optimizer_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("CLEAR", "model.zero_grad()")
    hand = SCRIPT.replace("CLEAR", "optimizer.zero_grad()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF008", "--unsafe-fixes")
