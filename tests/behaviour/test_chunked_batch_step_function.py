"""GF005 on a batch cut into chunks inside a step function called once per batch (`for xb, yb
in zip(x.chunk(N), y.chunk(N)):`, the shape of an Ignite update function) and through a
generator of the module (`for xb, yb in split_batch(x, y, subdivisions):`): every chunk's mean
loss is backpropagated whole before the one step, so each update applies N times the batch's
mean gradient. The (unsafe) fix divides the loss at the backward; with batches that split
evenly the fixed script trains exactly like the hand-fixed one, and not like the buggy one."""

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
model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
subdivisions = 4
data = [(torch.randn(16, 8), torch.randn(16, 1)) for _ in range(6)]
losses = []


def split_batch(x, y, parts):
    size = (x.size(0) + parts - 1) // parts
    for start in range(0, x.size(0), size):
        yield x[start:start + size], y[start:start + size]


def update(x, y):
    optimizer.zero_grad()
    for xb, yb in {pieces}:
        loss = nn.functional.mse_loss(model(xb), yb)
        {backward}
        losses.append(loss.item())
    optimizer.step()


for epoch in range(3):
    for x, y in data:
        update(x, y)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

PIECES = ["zip(x.chunk(subdivisions), y.chunk(subdivisions))", "split_batch(x, y, subdivisions)"]


@pytest.mark.parametrize("pieces", PIECES)
def test_chunk_losses_divided_like_the_hand_fix(tmp_path: Path, pieces: str) -> None:
    buggy = SCRIPT.format(pieces=pieces, backward="loss.backward()")
    hand = SCRIPT.format(pieces=pieces, backward="(loss / subdivisions).backward()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005", "--unsafe-fixes")


BATCHING = '''def split_batch(x, y, parts):
    size = (x.size(0) + parts - 1) // parts
    for start in range(0, x.size(0), size):
        yield x[start:start + size], y[start:start + size]
'''


@pytest.mark.parametrize(
    "imported",
    [("import batching", "batching.split_batch(x, y, subdivisions)"), ("from batching import split_batch", "split_batch(x, y, subdivisions)")],
)
def test_generator_of_another_module_divided_like_the_hand_fix(tmp_path: Path, imported: tuple[str, str]) -> None:
    """The generator lives in another module of the project (kazuya0202/cnn-pytorch-ignite's
    shape, our own code), reached as a module attribute or imported by name."""
    line, pieces = imported
    start = SCRIPT.index("def split_batch")
    script = SCRIPT[:start] + SCRIPT[SCRIPT.index("def update"):]
    script = script.replace("from torch import nn\n", f"from torch import nn\n\n{line}\n", 1)
    buggy = script.format(pieces=pieces, backward="loss.backward()")
    hand = script.format(pieces=pieces, backward="(loss / subdivisions).backward()")
    others = {"batching.py": BATCHING, "pyproject.toml": '[project]\nname = "chunked"\nversion = "0"\n'}
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005", "--unsafe-fixes", others=others)
