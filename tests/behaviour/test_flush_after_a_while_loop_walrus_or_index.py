"""GF006 on an accumulation window in a `while` loop over the data written without `while
True:`: `while (batch := next(it, None)) is not None:`, or `while i < len(data):` reading
`data[i]` with the index as the window's counter. The flush goes after the loop, and the fixed
script trains exactly like the hand-fixed one (a `pending` flag, or a test of the length),
whose last micro-batches of each epoch reach the optimizer."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import apply_gradfix, assert_same_training, run_script, training_differences

pytest.importorskip("torch")

HEAD = '''import hashlib
import json

import torch
from torch import nn

ACCUM = 3
torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(11)]
losses = []
for epoch in range(3):
'''
WALRUS = '''    it = iter(data)
    k = 0
    pending = False
    while (batch := next(it, None)) is not None:
        loss = nn.functional.mse_loss(model(batch[0]), batch[1])
        (loss / ACCUM).backward()
        losses.append(loss.item())
        pending = True
        k += 1
        if k % ACCUM == 0:
            optimizer.step()
            optimizer.zero_grad()
            pending = False
'''
WALRUS_HAND = '''    if pending:
        optimizer.step()
        optimizer.zero_grad()
'''
INDEX = '''    i = 0
    while i < len(data):
        x, y = data[i]
        loss = nn.functional.mse_loss(model(x), y)
        (loss / ACCUM).backward()
        losses.append(loss.item())
        i += 1
        if i % ACCUM == 0:
            optimizer.step()
            optimizer.zero_grad()
'''
INDEX_HAND = '''    if len(data) % ACCUM:
        optimizer.step()
        optimizer.zero_grad()
'''
TAIL = '''digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


@pytest.mark.parametrize(("loop", "flush"), [(WALRUS, WALRUS_HAND), (INDEX, INDEX_HAND)], ids=["walrus", "index"])
def test_flush_goes_after_the_while_loop(tmp_path: Path, loop: str, flush: str) -> None:
    paths = {}
    for name, text in (("buggy", HEAD + loop + TAIL), ("hand", HEAD + loop + flush + TAIL)):
        paths[name] = tmp_path / name / "train.py"
        paths[name].parent.mkdir()
        paths[name].write_text(text)
    fixed = apply_gradfix(paths["buggy"], tmp_path / "fixed", "--select", "GF006")
    # the hand fix tests its own way whether a window is left: gradfix negates the window's test
    test = "k % ACCUM != 0" if loop is WALRUS else "i % ACCUM != 0"
    assert f"    if {test}:\n        optimizer.step()\n        optimizer.zero_grad()\n" in fixed.read_text()
    expected = run_script(paths["hand"])
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(paths["buggy"]), expected)
