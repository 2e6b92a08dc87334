"""GF018 with the cross-entropy handed in by a caller in another module of the project
(`fit(model, batches, opt, hard=nn.CrossEntropyLoss())` in run.py, `hard(F.softmax(out, 1), y)`
in train.py's `fit`): the softmax is dropped in train.py, run.py stays as it is, and the fixed
project trains exactly like the hand fix (the buggy one, on probabilities, trains otherwise)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

RUN = '''import hashlib
import json

import torch
from torch import nn

from train import fit


def main():
    torch.manual_seed(0)
    torch.set_num_threads(1)
    model = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 3))
    opt = torch.optim.SGD(model.parameters(), lr=0.2)
    batches = [(torch.randn(8, 5), torch.randint(0, 3, (8,))) for _ in range(6)]
    losses = []
    for epoch in range(3):
        losses += fit(model, batches, opt, hard=nn.CrossEntropyLoss())
    digest = hashlib.sha256()
    for param in model.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

SCRIPT = '''import torch.nn.functional as F


def fit(model, batches, opt, hard):
    seen = []
    for x, y in batches:
        out = model(x)
        loss = hard({given}, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        seen.append(loss.item())
    return seen


if __name__ == "__main__":
    import run

    run.main()
'''


def test_softmax_dropped_before_a_criterion_handed_in(tmp_path: Path) -> None:
    buggy = SCRIPT.format(given="F.softmax(out, dim=1)")
    hand = SCRIPT.format(given="out")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF018", others={"run.py": RUN})
