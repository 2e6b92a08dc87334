"""GF006's (unsafe) flush of a window that divides the summed gradients by a token count and
sets the count back to 0 after the step (the step and the division in a block of their own, as
in fine-tuning recipes that normalise by the tokens of the whole window). The flush is a
window's end too: it resets the count after its step. The fixed script trains exactly like the
hand fix; a flush without the reset (the earlier fix) divides the next epoch's first window by
the tail's tokens as well, and trains otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand, run_script, training_differences

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

ACCUM = 4
FUSED = False
torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
data = [(torch.randn(6, 4), torch.randn(6, 1), (torch.rand(6, 1) > 0.3).float()) for _ in range(10)]
losses = []


def scale_grads(net, factor):
    for p in net.parameters():
        if p.grad is not None:
            p.grad.mul_(factor)


def train(epochs):
    running = 0.0
    tokens = 0
    for epoch in range(epochs):
{bind}        for i, (x, y, mask) in enumerate(data):
            tokens += int(mask.sum())
            loss = ((model(x) - y) ** 2 * mask).sum()
            running += loss.item()
            loss.backward()
            if (i + 1) % ACCUM == 0:
                if not FUSED:
                    scale_grads(model, 1.0 / tokens)
                    optimizer.step()
                    optimizer.zero_grad()
                losses.append(running / tokens)
                running = 0.0
                tokens = 0
{flush}

train(3)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
# the fix binds the index the flush reads before the loop too (a loader with no batch)
BIND = "        i = -1  # the flush after the loop reads it, also when the loop runs no batch\n"
FLUSH = """
        # the last micro-batches did not fill a whole window: step on them too
        if (i + 1) % ACCUM != 0:
            if not FUSED:
                scale_grads(model, 1.0 / tokens)
                optimizer.step()
                optimizer.zero_grad()
            tokens = 0
"""
WITHOUT_THE_RESET = FLUSH.replace("            tokens = 0\n", "")


def test_flush_resets_the_token_count(tmp_path: Path) -> None:
    assert_fixed_like_hand(
        tmp_path, SCRIPT.format(bind="", flush=""), SCRIPT.format(bind=BIND, flush=FLUSH), "--select", "GF006", "--unsafe-fixes"
    )
    earlier = tmp_path / "earlier" / "train.py"
    earlier.parent.mkdir()
    earlier.write_text(SCRIPT.format(bind=BIND, flush=WITHOUT_THE_RESET))
    assert training_differences(run_script(earlier), run_script(tmp_path / "hand" / "train.py"))
