"""GF019 on a script written under its main guard (or at the top level) whose
`DistributedSampler` is bound in the data-parallel arm only, the loader in both arms. The fix
gives the epoch through the loader's own sampler under `isinstance`: with the sampler the
fixed script trains exactly like the hand fix (and not like the buggy one); without it, the
fixed script still runs and trains like the original (the earlier fix,
`sampler.set_epoch(epoch)`, raised NameError there)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import apply_gradfix, assert_fixed_like_hand, assert_same_training, run_script

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

SHARDED = FLAG

if __name__ == "__main__":
    torch.manual_seed(0)
    torch.set_num_threads(1)
    data = TensorDataset(torch.randn(24, 4), torch.randn(24, 1))
    if SHARDED:
        sampler = DistributedSampler(data, num_replicas=1, rank=0, shuffle=True)
        loader = DataLoader(data, batch_size=6, sampler=sampler)
    else:
        loader = DataLoader(data, batch_size=6, shuffle=False)
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    losses = []
    for epoch in range(3):
HAND        for x, y in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
    digest = hashlib.sha256()
    for param in model.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''
FIX = "        if isinstance(loader.sampler, DistributedSampler):\n            loader.sampler.set_epoch(epoch)\n"


def test_the_sharded_run_is_given_the_epoch_through_the_loader(tmp_path: Path) -> None:
    script = SCRIPT.replace("FLAG", "True")
    assert_fixed_like_hand(tmp_path, script.replace("HAND", ""), script.replace("HAND", FIX), "--select", "GF019")


def test_the_single_process_run_still_runs_and_trains_as_before(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("FLAG", "False").replace("HAND", "")
    (tmp_path / "buggy").mkdir()
    (tmp_path / "buggy" / "train.py").write_text(buggy)
    fixed = apply_gradfix(tmp_path / "buggy" / "train.py", tmp_path / "fixed", "--select", "GF019")
    assert fixed.read_text() == SCRIPT.replace("FLAG", "False").replace("HAND", FIX)
    assert_same_training(run_script(fixed), run_script(tmp_path / "buggy" / "train.py"))
