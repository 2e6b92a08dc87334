"""GF017 with the evaluation reached through a lambda (`validate = lambda: evaluate(model,
val_data)`) or a list of callbacks (`for cb in callbacks: cb(model)` with `callbacks =
[evaluate]`): the model is left in eval mode (its dropout off) for the epochs after the first.
The fix switches it back to train mode after the call; the fixed script trains exactly like
that hand fix, the buggy one otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)


def evaluate(net, data):
    net.eval()
    with torch.no_grad():
        return sum(F.mse_loss(net(x), y).item() for x, y in data)


def log_norm(net, data):
    return sum(p.norm().item() for p in net.parameters())


model = torch.nn.Sequential(torch.nn.Linear(5, 16), torch.nn.Dropout(0.5), torch.nn.Linear(16, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.05)
train_data = [(torch.randn(8, 5), torch.randn(8, 2)) for _ in range(4)]
val_data = [(torch.randn(8, 5), torch.randn(8, 2))]
{setup}
losses = []
model.train()
for epoch in range(3):
    for x, y in train_data:
        opt.zero_grad()
        loss = F.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        losses.append(loss.item())
{call}
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

CASES = {
    "lambda": ("validate = lambda: evaluate(model, val_data)", "    validate()", "    validate()\n    model.train()"),
    "callback-list": (
        "callbacks = [log_norm, evaluate]",
        "    for cb in callbacks:\n        cb(model, val_data)",
        "    for cb in callbacks:\n        cb(model, val_data)\n        model.train()",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_train_mode_is_restored_after_the_evaluation(tmp_path: Path, case: str) -> None:
    setup, buggy, hand = CASES[case]
    assert_fixed_like_hand(
        tmp_path, SCRIPT.format(setup=setup, call=buggy), SCRIPT.format(setup=setup, call=hand), "--select", "GF017"
    )
