"""GF005 on nanoGPT's micro-step loop that sets DDP's sync flag for the last micro-batch
(`model.require_backward_grad_sync = (micro_step == N - 1)`): the flag reads N but scales
nothing, and the loss is backpropagated whole. The fixed script trains exactly like the hand
fix (the loss divided by N), and the unfixed one otherwise (its clip sees N times the mean
gradient)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

gradient_accumulation_steps = 4
ddp = True
torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
optimizer = torch.optim.AdamW(model.parameters(), lr=0.01)
data = iter([(torch.randn(6, 4), torch.randn(6, 1)) for _ in range(40)])
losses = []
X, Y = next(data)
for it in range(9):
    for micro_step in range(gradient_accumulation_steps):
        if ddp:
            model.require_backward_grad_sync = (micro_step == gradient_accumulation_steps - 1)
        loss = nn.functional.mse_loss(model(X), Y)
        losses.append(loss.item())
        X, Y = next(data)
        {backward}
    torch.nn.utils.clip_grad_norm_(model.parameters(), 0.5)
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)

digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_micro_steps_divided_like_the_hand_fix(tmp_path: Path) -> None:
    before = SCRIPT.format(backward="loss.backward()")
    hand = SCRIPT.format(backward="(loss / gradient_accumulation_steps).backward()")
    assert_fixed_like_hand(tmp_path, before, hand, "--select", "GF005")
