"""GF005 on a loop that writes its backward in both branches of `if use_amp:` (scaled by a
GradScaler, or plain): after `gradfix --write` it trains exactly like the loop divided by hand,
with the scaler on (CPU GradScaler) and off."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import apply_gradfix, assert_same_training, run_script

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
USE_AMP = {use_amp}
accum_grad_iters = 4
batches = [(torch.randn(16, 8), torch.randint(0, 3, (16,))) for _ in range(10)]
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
scaler = torch.amp.GradScaler("cpu", enabled=USE_AMP)

losses = []
for epoch in range(2):
    for i, (inputs, targets) in enumerate(batches):
        loss = nn.functional.cross_entropy(model(inputs), targets)
        losses.append(loss.item())
        if USE_AMP:
            scaler.scale({loss}).backward()
        else:
            {plain}.backward()
        if (i + 1) % accum_grad_iters == 0 or i + 1 == len(batches):
            if USE_AMP:
                scaler.step(optimizer)
                scaler.update()
            else:
                optimizer.step()
            optimizer.zero_grad()

digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


@pytest.mark.parametrize("use_amp", [False, True])
def test_both_branches_divided_train_like_the_hand_fix(tmp_path: Path, use_amp: bool) -> None:
    buggy = tmp_path / "buggy" / "train.py"
    buggy.parent.mkdir()
    buggy.write_text(SCRIPT.format(use_amp=use_amp, loss="loss", plain="loss"))
    hand = tmp_path / "hand" / "train.py"
    hand.parent.mkdir()
    hand.write_text(SCRIPT.format(use_amp=use_amp, loss="loss / accum_grad_iters", plain="(loss / accum_grad_iters)"))
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF005")
    assert fixed.read_text() == hand.read_text()
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert run_script(buggy)["weights_sha256"] != expected["weights_sha256"]
