"""GF001 when the loop walks a collection of optimizers (a list, a dict's `.values()` or
`.items()`) and each pass runs its own forward, backward and step without clearing: gradfix
clears the optimizer the walk draws, first in the walk's body; the fixed script trains exactly
like the hand fix, and not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F


def train(model, optimizers, loader):
    losses = []
    for inputs, targets in loader:
        for {walk}:
{clear}            loss = F.cross_entropy(model(inputs), targets)
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
    return losses


torch.manual_seed(0)
torch.set_num_threads(1)
encoder = torch.nn.Linear(5, 4)
head = torch.nn.Linear(4, 3)
model = torch.nn.Sequential(encoder, torch.nn.Tanh(), head)
optimizers = {optimizers}
data = [(torch.randn(6, 5), torch.randint(0, 3, (6,))) for _ in range(4)]
losses = train(model, optimizers, data)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

LIST = "[torch.optim.SGD(encoder.parameters(), lr=0.1, momentum=0.9), torch.optim.SGD(head.parameters(), lr=0.1)]"
DICT = '{"encoder": torch.optim.SGD(encoder.parameters(), lr=0.1, momentum=0.9), "head": torch.optim.SGD(head.parameters(), lr=0.1)}'
CLEAR = "            optimizer.zero_grad(set_to_none=True)\n"


@pytest.mark.parametrize(
    ("walk", "optimizers"),
    [("optimizer in optimizers", LIST), ("optimizer in optimizers.values()", DICT), ("name, optimizer in optimizers.items()", DICT)],
    ids=["list", "values", "items"],
)
def test_clear_first_in_the_walk_like_the_hand_fix(tmp_path: Path, walk: str, optimizers: str) -> None:
    buggy = SCRIPT.format(walk=walk, optimizers=optimizers, clear="")
    hand = SCRIPT.format(walk=walk, optimizers=optimizers, clear=CLEAR)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")
