"""GF030 with the step in a closure: the epoch loop builds a momentum SGD and a function the
loop's own function defines steps it as a free name, called per batch from a list
comprehension (`losses = [train_one(x, y) for x, y in loader]`) or from a batch loop. Every
epoch goes over the same loader, so the new optimizer restarts the same training. The fix
builds it once before the epoch loop (the closure reads it when called), and the fixed script
trains exactly like the hand-fixed one."""

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


def main():
    net = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
    loader = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(6)]
    history = []

    def train_one(x, y):
        optimizer.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(net(x), y)
        loss.backward()
        optimizer.step()
        return loss.item()

{outside}    for epoch in range(3):
{inside}{batches}
    digest = hashlib.sha256()
    for param in net.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({{"losses": history, "weights_sha256": digest.hexdigest()}}))


main()
'''
BUILD = "optimizer = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)\n"
COMPREHENSION = "        history += [train_one(x, y) for x, y in loader]"
BATCH_LOOP = "        for x, y in loader:\n            history.append(train_one(x, y))"


@pytest.mark.parametrize("batches", [COMPREHENSION, BATCH_LOOP], ids=["comprehension", "batch_loop"])
def test_momentum_sgd_built_per_epoch_stepped_by_a_closure_moved_before_the_loop(tmp_path: Path, batches: str) -> None:
    assert_fixed_like_hand(
        tmp_path,
        SCRIPT.format(outside="", inside="        " + BUILD, batches=batches),
        SCRIPT.format(outside="    " + BUILD, inside="", batches=batches),
        "--select",
        "GF030",
    )
