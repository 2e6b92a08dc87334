"""GF020: a scheduler built by a factory of the file, or chosen by a flag in the arms of an `if`
(each counting its horizon in epochs), stepped on every batch. The unsafe fix steps it once
per epoch; the fixed script trains exactly like that hand fix, the buggy one otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import apply_gradfix, assert_same_training, run_script, training_differences

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), torch.randn(32, 2)
EPOCHS = 4
KIND = "cos"


def build_scheduler(opt, epochs):
    return torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=epochs)


model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
{build}
losses = []
for epoch in range(EPOCHS):
    for i in range(0, 32, 8):
        opt.zero_grad()
        loss = F.mse_loss(model(X[i : i + 8]), Y[i : i + 8])
        loss.backward()
        opt.step()
        losses.append(loss.item())
{step}
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

BUILDS = {
    "factory": "sched = build_scheduler(opt, EPOCHS)",
    "flag-arms": (
        'if KIND == "cos":\n    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=EPOCHS)\n'
        "else:\n    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=EPOCHS // 2)"
    ),
}


@pytest.mark.parametrize("case", sorted(BUILDS))
def test_scheduler_stepped_per_epoch_trains_like_the_hand_fix(tmp_path: Path, case: str) -> None:
    buggy = tmp_path / "buggy" / "train.py"
    hand = tmp_path / "hand" / "train.py"
    build = BUILDS[case]
    for path, step in ((buggy, "        sched.step()"), (hand, "    sched.step()")):
        path.parent.mkdir()
        path.write_text(SCRIPT.format(build=build, step=step))
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF020", "--unsafe-fixes")
    assert fixed.read_text() == hand.read_text()
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(buggy), expected)
