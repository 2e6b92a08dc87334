"""GF019 on the transfer-learning tutorial's layout under DDP: samplers and loaders built by dict
comprehensions over `["train", "val"]`, iterated as `dataloaders[phase]` inside `for phase in
["train", "val"]:`, with no `set_epoch`: every epoch trained on one order. The fix gives the
training loader's sampler the epoch at the top of the epoch loop; the fixed script trains
exactly like the hand fix, and not like the buggy one."""

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
sets = {x: TensorDataset(torch.randn(32, 4), torch.randn(32, 1)) for x in ["train", "val"]}
samplers = {x: DistributedSampler(sets[x], num_replicas=1, rank=0) for x in ["train", "val"]}
dataloaders = {x: DataLoader(sets[x], batch_size=8, sampler=samplers[x]) for x in ["train", "val"]}
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
seen = []
for epoch in range(3):
HAND    for phase in ["train", "val"]:
        for x, y in dataloaders[phase]:
            optimizer.zero_grad()
            with torch.set_grad_enabled(phase == "train"):
                loss = torch.nn.functional.mse_loss(model(x), y)
                if phase == "train":
                    seen.extend(x[:, 0].tolist())
                    loss.backward()
                    optimizer.step()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": seen, "weights_sha256": digest.hexdigest()}))
'''


def test_the_training_loader_is_given_the_epoch(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("HAND", "")
    hand = SCRIPT.replace("HAND", '    dataloaders["train"].sampler.set_epoch(epoch)\n')
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF019")


ITEMS = {
    # the samplers by split in a dict comprehension over the datasets, the loaders from its items
    "comprehension": (
        'samplers = {x: DistributedSampler(ds, num_replicas=1, rank=0) for x, ds in sets.items()}\n'
        "dataloaders = {x: DataLoader(sets[x], batch_size=8, sampler=s) for x, s in samplers.items()}"
    ),
    # the samplers in a dict literal, one constructor per split
    "literal": (
        'samplers = {"train": DistributedSampler(sets["train"], num_replicas=1, rank=0),'
        ' "val": DistributedSampler(sets["val"], num_replicas=1, rank=0, shuffle=False)}\n'
        "dataloaders = {split: DataLoader(sets[split], batch_size=8, sampler=sampler) for split, sampler in samplers.items()}"
    ),
}
_BUILT = (
    'samplers = {x: DistributedSampler(sets[x], num_replicas=1, rank=0) for x in ["train", "val"]}\n'
    'dataloaders = {x: DataLoader(sets[x], batch_size=8, sampler=samplers[x]) for x in ["train", "val"]}'
)


@pytest.mark.parametrize("built", sorted(ITEMS))
def test_loaders_built_from_the_samplers_items_are_given_the_epoch(tmp_path: Path, built: str) -> None:
    """`{x: DataLoader(sets[x], sampler=s) for x, s in samplers.items()}`: the training entry's
    sampler is given the epoch as well."""
    script = SCRIPT.replace(_BUILT, ITEMS[built])
    assert script != SCRIPT
    buggy = script.replace("HAND", "")
    hand = script.replace("HAND", '    dataloaders["train"].sampler.set_epoch(epoch)\n')
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF019")
