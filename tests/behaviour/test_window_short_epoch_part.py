"""GF006 on a window test whose `or` part steps on the last batch only in epochs shorter than
one window (`(i + 1) % N == 0 or (len(data) <= N and (i + 1) == len(data))`, the old run_glue
idiom): in longer epochs the tail's gradients leak into the next epoch. gradfix flushes after
the batch loop under the negated window test; the fixed script trains exactly like a hand
fix that flushes long epochs only, and not like the buggy one. With epochs shorter than a
window (which the `or` part already steps) the fixed script trains as the buggy one: the
flush never steps twice (the clear keeps zeros, so a second momentum step would show)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand, assert_same_training, run_script

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range({batches})]
N = 4
losses = []
opt.zero_grad(set_to_none=False)
for epoch in range(3):
{bind}    for i, (x, y) in enumerate(data):
        loss = nn.functional.mse_loss(model(x), y)
        (loss / N).backward()
        losses.append(loss.item())
        if (i + 1) % N == 0 or (len(data) <= N and (i + 1) == len(data)):
            opt.step()
            opt.zero_grad(set_to_none=False)
{flush}
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

# the fix binds the index the flush reads before the loop too (a loader with no batch)
BIND = "    i = -1  # the flush after the loop reads it, also when the loop runs no batch\n"
FLUSH = """
    # the last micro-batches did not fill a whole window: step on them too
    if not ((i + 1) % N == 0 or (len(data) <= N and i + 1 == len(data))):
        opt.step()
        opt.zero_grad(set_to_none=False)
"""
HAND = """
    if len(data) > N and len(data) % N != 0:
        opt.step()
        opt.zero_grad(set_to_none=False)
"""


def test_long_epochs_flushed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = SCRIPT.format(batches=10, bind="", flush="")
    assert_fixed_like_hand(tmp_path, buggy, SCRIPT.format(batches=10, bind=BIND, flush=FLUSH), "--select", "GF006")
    (tmp_path / "hand.py").write_text(SCRIPT.format(batches=10, bind="", flush=HAND))
    (tmp_path / "gradfix.py").write_text(SCRIPT.format(batches=10, bind=BIND, flush=FLUSH))
    assert_same_training(run_script(tmp_path / "gradfix.py"), run_script(tmp_path / "hand.py"))


def test_short_epochs_train_as_before(tmp_path: Path) -> None:
    (tmp_path / "buggy.py").write_text(SCRIPT.format(batches=3, bind="", flush=""))
    (tmp_path / "fixed.py").write_text(SCRIPT.format(batches=3, bind=BIND, flush=FLUSH))
    assert_same_training(run_script(tmp_path / "fixed.py"), run_script(tmp_path / "buggy.py"))
    (tmp_path / "twice.py").write_text(SCRIPT.format(batches=3, bind=BIND, flush=FLUSH.replace("if not (", "if True or (")))
    with pytest.raises(AssertionError):  # a flush stepping after the `or` part's step would show
        assert_same_training(run_script(tmp_path / "twice.py"), run_script(tmp_path / "buggy.py"))
