"""GF019 on a second loader that is a `DataLoader` over a `DistributedSampler` in one arm of an
`if` and a plain list of placeholders in the other (`aux_loader = [None] * len(main_loader)`):
the fix's guard reads the sampler with `getattr(..., "sampler", None)`, so the fixed script runs
in both modes (an `aux_loader.sampler` guard raised AttributeError on the list) and trains
exactly like the hand fix, and not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import apply_gradfix, assert_fixed_like_hand, assert_same_training, run_script

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

torch.manual_seed(0)
torch.set_num_threads(1)
use_aux = USE_AUX
main_ds = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
aux_ds = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
main_loader = DataLoader(main_ds, batch_size=8, sampler=DistributedSampler(main_ds, num_replicas=1, rank=0))
if use_aux:
    aux_loader = DataLoader(aux_ds, batch_size=8, sampler=DistributedSampler(aux_ds, num_replicas=1, rank=0))
else:
    aux_loader = [None] * len(main_loader)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
losses = []
for epoch in range(3):
HAND    for (x, y), aux in zip(main_loader, aux_loader):
        opt.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(model(x), y)
        if aux is not None:
            loss = loss + nn.functional.mse_loss(model(aux[0]), aux[1])
        loss.backward()
        opt.step()
        losses.append(loss.item())
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''
HAND = (
    '    if isinstance(getattr(aux_loader, "sampler", None), DistributedSampler):\n'
    "        aux_loader.sampler.set_epoch(epoch)\n"
    "    main_loader.sampler.set_epoch(epoch)\n"
)


def _script(use_aux: bool, hand: str) -> str:
    return SCRIPT.replace("USE_AUX", str(use_aux)).replace("HAND", hand)


def test_both_loaders_get_the_epoch(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, _script(True, ""), _script(True, HAND), "--select", "GF019")


def test_the_fixed_script_runs_with_the_placeholder_list(tmp_path: Path) -> None:
    source = tmp_path / "src" / "train.py"
    source.parent.mkdir()
    source.write_text(_script(False, ""))
    fixed = apply_gradfix(source, tmp_path / "fixed", "--select", "GF019")
    assert fixed.read_text() == _script(False, HAND)
    hand = tmp_path / "hand" / "train.py"
    hand.parent.mkdir()
    hand.write_text(_script(False, HAND))
    assert_same_training(run_script(fixed), run_script(hand))
