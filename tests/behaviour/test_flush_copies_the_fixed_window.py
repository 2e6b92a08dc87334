"""GF012 and GF006 on one window (`if (step + 1) % accum == 0: lr_scheduler.step(); clip;
optimizer.step(); optimizer.zero_grad()` and no flush): GF012 moves the scheduler step after the
optimizer's, and GF006's flush copies the window only once that move is made, so the flush steps
the optimizer before the scheduler too. The fixed script trains exactly like the hand-fixed one."""

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
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
lr_scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)
loader = [(torch.randn(2, 4), torch.randn(2, 1)) for _ in range(7)]
accum = 3
losses = []
for epoch in range(2):
{bind}    for step, (x, y) in enumerate(loader):
        loss = nn.functional.mse_loss(model(x), y) / accum
        loss.backward()
        losses.append(loss.item())
        if (step + 1) % accum == 0:
{window}
{flush}digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
# the fix binds the index the flush reads before the loop too (a loader with no batch)
BIND = "    step = -1  # the flush after the loop reads it, also when the loop runs no batch\n"
BUGGY_WINDOW = """            lr_scheduler.step()
            nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            optimizer.zero_grad()"""
HAND_WINDOW = """            nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            lr_scheduler.step()
            optimizer.zero_grad()"""
HAND_FLUSH = """
    # the last micro-batches did not fill a whole window: step on them too
    if (step + 1) % accum != 0:
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        lr_scheduler.step()
        optimizer.zero_grad()
"""


def test_the_flush_copies_the_window_after_the_scheduler_moved(tmp_path: Path) -> None:
    buggy = SCRIPT.format(window=BUGGY_WINDOW, bind="", flush="")
    hand = SCRIPT.format(window=HAND_WINDOW, bind=BIND, flush=HAND_FLUSH)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF006,GF012")


SCALED_SCRIPT = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu", init_scale=16.0)
loader = [(torch.randn(2, 4), torch.randn(2, 1)) for _ in range(7)]
accum = 3
clip = True
losses = []
for epoch in range(2):
{bind}    for step, (x, y) in enumerate(loader):
        loss = nn.functional.mse_loss(model(x), y) / accum
        scaler.scale(loss).backward()
        losses.append(loss.item())
        if (step + 1) % accum == 0:
            if clip:
{unscale}                nn.utils.clip_grad_norm_(model.parameters(), 0.05)
            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad()
{flush}digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
SCALED_HAND_FLUSH = """
    # the last micro-batches did not fill a whole window: step on them too
    if (step + 1) % accum != 0:
        if clip:
            scaler.unscale_(optimizer)
            nn.utils.clip_grad_norm_(model.parameters(), 0.05)
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad()
"""


def test_the_flush_copies_the_unscale_added_under_the_windows_clip_test(tmp_path: Path) -> None:
    """GF013 inserts `scaler.unscale_(optimizer)` beside a clip nested in the window's `if clip:`
    (not a statement of the window itself): GF006's flush, which copies that `if` whole, waits
    for the pass after it, so the tail's clip is unscaled too (before, the flush copied the clip
    still scaled, and no rule looks at a flush after the loop again)."""
    buggy = SCALED_SCRIPT.format(unscale="", bind="", flush="")
    hand = SCALED_SCRIPT.format(unscale="                scaler.unscale_(optimizer)\n", bind=BIND, flush=SCALED_HAND_FLUSH)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF006,GF013")
