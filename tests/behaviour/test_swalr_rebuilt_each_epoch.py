"""torch's `SWALR` (`torch.optim.swa_utils`) rebuilt at the top of every epoch that steps it
(variants62w's `swa` shape, fix62-W): each new one anneals again from the current rate, one
step of `anneal_epochs` at a time, so the rate never reaches `swa_lr` on the schedule. The fix
builds it once before the epoch loop, which trains like the hand fix; with `anneal_epochs=1`
every new one sets `swa_lr` at once, as one built once does, and GF025 stays silent."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand, gradfix_command, run_script

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn
from torch.optim.swa_utils import SWALR, AveragedModel

torch.manual_seed(0)
torch.set_num_threads(1)
DATA = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
LOSSES = []


def main():
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.2, momentum=0.9)
    averaged = AveragedModel(model)
    epoch = 0
{once}    while epoch < 4:
{rebuilt}        for x, y in DATA:
            opt.zero_grad()
            loss = nn.functional.mse_loss(model(x), y)
            loss.backward()
            opt.step()
            LOSSES.append(loss.item())
        averaged.update_parameters(model)
        swa.step()
        epoch += 1
    return averaged


model = main()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": LOSSES, "weights_sha256": digest.hexdigest()}}))
'''

BUILD = "swa = SWALR(opt, swa_lr=0.01, anneal_epochs={anneal})\n"


def test_swalr_rebuilt_each_epoch_is_built_once(tmp_path: Path) -> None:
    build = BUILD.format(anneal=3)
    buggy = SCRIPT.format(once="", rebuilt="        " + build)
    hand = SCRIPT.format(once="    " + build, rebuilt="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF025")


def test_swalr_of_one_annealing_step_rebuilt_trains_like_one_built_once(tmp_path: Path) -> None:
    build = BUILD.format(anneal=1)
    rebuilt = tmp_path / "rebuilt.py"
    rebuilt.write_text(SCRIPT.format(once="", rebuilt="        " + build))
    once = tmp_path / "once.py"
    once.write_text(SCRIPT.format(once="    " + build, rebuilt=""))
    assert run_script(rebuilt) == run_script(once)
    report = subprocess.run([*gradfix_command(), "--select", "GF025", "--no-cache", str(rebuilt)], capture_output=True, text=True)
    assert "GF025" not in report.stdout
