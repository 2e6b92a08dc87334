"""GF017 on a training function whose nested step function switches the model to train mode
only while `updates == 0` (and to eval only under the caller's option), and whose sampling
block (`if updates % every == 0:` on the main process) switches it to eval and leaves it there:
every step after the first sample trains with dropout off. The fix restores train mode at the
end of the sampling block; the fixed script trains exactly like the hand fix, not like the
buggy one."""

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
DATA = [torch.randn(6, 8) for _ in range(8)]
losses = []


def fit(loader, epochs, every, is_main=True, **options):
    torch.manual_seed(1)
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Dropout(0.3), nn.Linear(16, 8))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    updates = 0

    def denoise_step(batch):
        if updates == 0:
            model.train()
        if options.get("frozen_dropout", False):
            model.eval()
        noisy = batch + 0.1 * torch.randn_like(batch)
        return nn.functional.mse_loss(model(noisy), batch)

    for epoch in range(epochs):
        for batch in loader:
            loss = denoise_step(batch)
            loss.backward()
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
            losses.append(loss.item())
            updates += 1
            if updates % every == 0:
                if is_main:
                    model.eval()
                    with torch.no_grad():
                        losses.append(model(DATA[0]).pow(2).mean().item())
TRAIN    return model


net = fit(DATA, 2, 3)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_sampling_eval_after_a_nested_step_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("TRAIN", "")
    hand = SCRIPT.replace("TRAIN", "                    model.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
