"""GF019 on a shuffling `DistributedSampler` loader handed to a method of a class of the script
(`Fitter(model).fit(loader)`, or through a name bound to an instance) whose epoch loop never
calls `set_epoch`: every epoch saw one order. The fix gives the epoch to the method's parameter;
the fixed script trains exactly like the hand fix (the orders of the epochs are what it
prints), and not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

torch.manual_seed(0)
torch.set_num_threads(1)
orders = []


class Fitter:
    def __init__(self, model, epochs):
        self.model = model
        self.epochs = epochs
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.05)

    def fit(self, train_loader):
        for epoch in range(self.epochs):
{hand}            order = []
            for x, y in train_loader:
                order += x[:, 0].tolist()
                self.optimizer.zero_grad(set_to_none=True)
                torch.nn.functional.mse_loss(self.model(x), y).backward()
                self.optimizer.step()
            orders.append(order)


dataset = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
sampler = DistributedSampler(dataset, num_replicas=1, rank=0, shuffle=True)
loader = DataLoader(dataset, sampler=sampler, batch_size=8)
model = torch.nn.Linear(4, 1)
{call}
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": [value for order in orders for value in order], "weights_sha256": digest.hexdigest()}}))
'''

HAND = (
    "            if isinstance(train_loader.sampler, DistributedSampler):\n"
    "                train_loader.sampler.set_epoch(epoch)\n"
)


@pytest.mark.parametrize("call", ["Fitter(model, 3).fit(loader)", "fitter = Fitter(model, 3)\nfitter.fit(train_loader=loader)"])
def test_the_method_s_parameter_is_given_the_epoch(tmp_path: Path, call: str) -> None:
    buggy = SCRIPT.format(hand="", call=call)
    hand = SCRIPT.format(hand=HAND, call=call)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF019")
