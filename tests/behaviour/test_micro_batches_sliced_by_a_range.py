"""GF005 with micro-batches sliced by a range over each batch's rows (`for i in range(0,
batch.shape[0], microbatch): micro = batch[i : i + microbatch]`, guided-diffusion's shape), each
slice's mean loss backpropagated whole: the (unsafe) fix divides it by the count of slices,
`len(range(...))`, and the fixed script trains exactly like the hand fix; the buggy one steps on
as many times the batch's mean gradient as there are slices."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.05)
loader = [(torch.randn(12, 5), torch.randn(12, 2)) for _ in range(4)]
microbatch = 4
losses = []
for epoch in range(2):
    for batch, target in loader:
        opt.zero_grad()
        for i in range(0, batch.shape[0], microbatch):
            micro = batch[i : i + microbatch]
            loss = F.mse_loss(model(micro), target[i : i + microbatch])
            {backward}
            losses.append(loss.item())
        opt.step()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_slices_of_a_batch_divided_by_their_count(tmp_path: Path) -> None:
    buggy = SCRIPT.format(backward="loss.backward()")
    hand = SCRIPT.format(backward="(loss / len(range(0, batch.shape[0], microbatch))).backward()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005", "--unsafe-fixes")
