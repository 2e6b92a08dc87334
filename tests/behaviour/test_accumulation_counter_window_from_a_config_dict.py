"""GF005 on a window counted by hand whose size a config dict holds (`micro += 1`; `if micro ==
cfg["accum_steps"]: ...; micro = 0`): each micro-batch's full loss is accumulated, so every
step is accum_steps times too large. The fixed script trains exactly like the hand fix (the
loss divided by the window), not like the buggy one."""

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
X, Y = torch.randn(30, 4), torch.randn(30, 1)
loader = [(X[i : i + 5], Y[i : i + 5]) for i in range(0, 30, 5)]
CFG = {"accum_steps": 4, "epochs": 2}
losses = []
model = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
micro = 0
for epoch in range(CFG["epochs"]):
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        BACKWARD
        losses.append(loss.item())
        micro += 1
        if micro == CFG["accum_steps"]:
            opt.step()
            opt.zero_grad()
            micro = 0
if micro:
    opt.step()
    opt.zero_grad()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_counter_window_from_a_config_dict_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("BACKWARD", "loss.backward()")
    hand = SCRIPT.replace("BACKWARD", '(loss / CFG["accum_steps"]).backward()')
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005")
