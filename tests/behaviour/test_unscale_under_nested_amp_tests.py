"""The scaled backward under two nested tests (`if use_amp:` then `if scaler is not None:`,
another backward in each other arm), a clip for every mode, and the scaler's step under the
conjunction of those tests (`if use_amp and scaler is not None:`): in the scaled arm the clip
sees gradients multiplied by the loss scale (1024 here). GF013 inserts `if use_amp and scaler
is not None: scaler.unscale_(optimizer)` before the clip; the fixed script trains exactly
like the hand fix, and runs unchanged without a scaler."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import apply_gradfix, assert_fixed_like_hand, assert_same_training, run_script

pytest.importorskip("torch")

BUGGY = '''import hashlib
import json

import torch
from torch import nn
from torch.amp import GradScaler, autocast


def run_epoch(net, batches, optimizer, scaler, max_norm, use_amp):
    seen = []
    for inputs, targets in batches:
        with autocast("cpu", dtype=torch.bfloat16, enabled=use_amp and scaler is not None):
            loss = nn.functional.mse_loss(net(inputs).float(), targets)
        if use_amp:
            if scaler is not None:
                scaler.scale(loss).backward()
            else:
                loss.backward()
        else:
            loss.backward()
        if max_norm > 0:
            torch.nn.utils.clip_grad_norm_(net.parameters(), max_norm)
        if use_amp and scaler is not None:
            scaler.step(optimizer)
            scaler.update()
        else:
            optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        seen.append(loss.item())
    return seen


torch.manual_seed(0)
torch.set_num_threads(1)
net = nn.Sequential(nn.Linear(6, 12), nn.Tanh(), nn.Linear(12, 1))
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
scaler = GradScaler("cpu", init_scale=1024.0)
batches = [(torch.randn(5, 6), torch.randn(5, 1)) for _ in range(10)]
losses = []
for epoch in range(2):
    losses += run_epoch(net, batches, optimizer, scaler, 0.3, True)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''
HAND = BUGGY.replace(
    "            torch.nn.utils.clip_grad_norm_",
    "            if use_amp and scaler is not None:\n                scaler.unscale_(optimizer)\n            torch.nn.utils.clip_grad_norm_",
)


def test_unscale_under_the_conjunction_trains_like_the_hand_fix(tmp_path: Path) -> None:
    assert HAND != BUGGY
    assert_fixed_like_hand(tmp_path, BUGGY, HAND, "--select", "GF013")


def test_the_fixed_script_runs_without_a_scaler_too(tmp_path: Path) -> None:
    """With `scaler = None` the inserted `unscale_` must not run."""
    plain = BUGGY.replace('scaler = GradScaler("cpu", init_scale=1024.0)', "scaler = None")
    source = tmp_path / "src" / "train.py"
    source.parent.mkdir()
    source.write_text(plain)
    fixed = apply_gradfix(source, tmp_path / "fixed", "--select", "GF013")
    assert "scaler.unscale_(optimizer)" in fixed.read_text()
    assert_same_training(run_script(fixed), run_script(source))
