"""GF019 on a loader consumed by an expression in the epoch loop, not a `for` statement: a
list comprehension (and `sum()` over a generator) calling a batch-step closure defined in
the epoch loop. The fix gives the sampler its epoch at the top of the epoch loop, and the
fixed script trains exactly like the hand fix (the epochs' orders are what it prints)."""

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


def progress(batches):
    for batch in batches:
        yield batch


def main():
    torch.manual_seed(0)
    torch.set_num_threads(1)
    dataset = TensorDataset(torch.randn(24, 4), torch.randn(24, 1))
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    shuffler = DistributedSampler(dataset, num_replicas=1, rank=0)
    loader = DataLoader(dataset, batch_size=6, sampler=shuffler)
    orders = []
    for epoch in range(3):
{hand}
        def train_step(i, batch):
            x, y = batch
            orders.extend(x[:, 0].tolist())
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
            return loss.item()

        {consume}
    digest = hashlib.sha256()
    for param in model.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({{"losses": orders, "weights_sha256": digest.hexdigest()}}))


main()
'''

CONSUMERS = {
    "list": "losses = [train_step(i, batch) for i, batch in enumerate(progress(loader))]",
    "sum": "total = sum(train_step(i, batch) for i, batch in zip(range(len(loader)), loader))",
}


@pytest.mark.parametrize("consumer", sorted(CONSUMERS))
def test_the_sampler_of_a_comprehension_s_loader_is_given_the_epoch(tmp_path: Path, consumer: str) -> None:
    buggy = SCRIPT.format(hand="", consume=CONSUMERS[consumer])  # one order, every epoch
    hand = SCRIPT.format(hand="        shuffler.set_epoch(epoch)\n", consume=CONSUMERS[consumer])
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF019")
