"""A clip written once for both precisions between `if use_amp: scaler.scale(loss).backward()`
/ `else: loss.backward()` and `if use_amp: scaler.step(opt); scaler.update()` / `else:
opt.step()`: in the mixed-precision arm it clips gradients still multiplied by the loss scale
(1024 here), so `max_norm` means nothing. GF013 inserts `if use_amp: scaler.unscale_(opt)`
before the clip (an unconditional `unscale_` would raise in the other mode); the fixed script
trains exactly like the hand fix, in both modes."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand, apply_gradfix, assert_same_training, run_script

pytest.importorskip("torch")

BUGGY = '''import hashlib
import json

import torch
from torch import nn
from torch.amp import GradScaler, autocast

torch.manual_seed(0)
torch.set_num_threads(1)
use_amp = True
model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = GradScaler("cpu", init_scale=1024.0)
data = [(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(12)]
losses = []
for epoch in range(2):
    for x, y in data:
        opt.zero_grad()
        with autocast("cpu", dtype=torch.bfloat16, enabled=use_amp):
            loss = nn.functional.mse_loss(model(x).float(), y)
        if use_amp:
            scaler.scale(loss).backward()
        else:
            loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 0.5)
        if use_amp:
            scaler.step(opt)
            scaler.update()
        else:
            opt.step()
        losses.append(loss.item())
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''
HAND = BUGGY.replace(
    "        torch.nn.utils.clip_grad_norm_",
    "        if use_amp:\n            scaler.unscale_(opt)\n        torch.nn.utils.clip_grad_norm_",
)


def test_unscale_under_the_amp_test_trains_like_the_hand_fix(tmp_path: Path) -> None:
    assert HAND != BUGGY
    assert_fixed_like_hand(tmp_path, BUGGY, HAND, "--select", "GF013")


def test_the_fixed_script_runs_without_mixed_precision_too(tmp_path: Path) -> None:
    """With `use_amp = False` the inserted `unscale_` must not run (it would raise)."""
    plain = BUGGY.replace("use_amp = True", "use_amp = False")
    source = tmp_path / "src" / "train.py"
    source.parent.mkdir()
    source.write_text(plain)
    fixed = apply_gradfix(source, tmp_path / "fixed", "--select", "GF013")
    assert "scaler.unscale_(opt)" in fixed.read_text()
    assert_same_training(run_script(fixed), run_script(source))


# the same clip for both precisions at the end of an accumulation window: the clip, the
# scaler's step and the plain step all sit under the window's test
WINDOW = BUGGY.replace(
    '''    for x, y in data:
        opt.zero_grad()
        with autocast''',
    '''    for i, (x, y) in enumerate(data):
        with autocast''',
).replace(
    "            loss = nn.functional.mse_loss(model(x).float(), y)\n",
    "            loss = nn.functional.mse_loss(model(x).float(), y) / 3\n",
).replace(
    '''        torch.nn.utils.clip_grad_norm_(model.parameters(), 0.5)
        if use_amp:
            scaler.step(opt)
            scaler.update()
        else:
            opt.step()
''',
    '''        if (i + 1) % 3 == 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), 0.5)
            if use_amp:
                scaler.step(opt)
                scaler.update()
            else:
                opt.step()
            opt.zero_grad()
''',
)
WINDOW_HAND = WINDOW.replace(
    "            torch.nn.utils.clip_grad_norm_",
    "            if use_amp:\n                scaler.unscale_(opt)\n            torch.nn.utils.clip_grad_norm_",
)


def test_unscale_under_the_amp_test_in_an_accumulation_window_trains_like_the_hand_fix(tmp_path: Path) -> None:
    assert WINDOW != BUGGY and WINDOW_HAND != WINDOW and "if (i + 1) % 3 == 0:" in WINDOW
    assert_fixed_like_hand(tmp_path, WINDOW, WINDOW_HAND, "--select", "GF013")
