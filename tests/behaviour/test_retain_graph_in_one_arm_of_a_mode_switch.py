"""GF004 on a training function whose `if`/`elif`/`else` arms each train a model kind: the
windowed arm backpropagates with `retain_graph=True`, the other arms call `backward()` on their
own loss. One call runs one arm, so nothing walks the retained graph again: after `gradfix
--write` the arm reads `backward()`, exactly the hand fix, and trains like the original. The
twin whose arm switch sits inside the epoch loop, with the other arm adding to the last pass's
loss, does walk the retained graph again: gradfix leaves it alone, and without its
`retain_graph` it raises."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .harness import apply_gradfix, assert_same_training, run_script

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import numpy as np
import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
rows = torch.randn(48, 5)
loader = [rows[i : i + 8] for i in range(0, 48, 8)]
net = nn.Sequential(nn.Linear(5, 12), nn.Tanh(), nn.Linear(12, 5))
opt = torch.optim.Adam(net.parameters(), lr=1e-2)
mse = nn.MSELoss()
losses = []


def fit_once(kind, epoch):
    scale = 1 / (epoch + 1)
    if kind == "dense":
        cost = mse(net(rows), rows)
        opt.zero_grad()
        cost.backward()
        opt.step()
        return cost.item()
    elif kind == "windowed":
        seen = []
        for window in loader:
            out = net(window)
            cost = scale * mse(out, window) + (1 - scale) * out.abs().mean()
            seen.append(cost.item())
            opt.zero_grad()
            cost.backward({retain})
            opt.step()
        return float(np.mean(seen))
    else:
        cost = mse(net(rows), rows) + 0.01 * net(rows).pow(2).mean()
        opt.zero_grad()
        cost.backward()
        opt.step()
        return net(rows[:1]).detach().numpy()[0]


for epoch in range(4):
    losses.append(fit_once("windowed", epoch))
    losses.append(fit_once("dense", epoch))

digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

INSIDE_THE_EPOCH_LOOP = '''import torch
from torch import nn

torch.manual_seed(0)
rows = torch.randn(24, 5)
net = nn.Linear(5, 5)
opt = torch.optim.SGD(net.parameters(), lr=0.05)
mse = nn.MSELoss()


def fit(kinds):
    for kind in kinds:
        if kind == "windowed":
            for window in rows.split(8):
                cost = mse(net(window), window)
                opt.zero_grad()
                cost.backward(retain_graph=True)
                opt.step()
        else:
            cost = cost + mse(net(rows), rows)
            opt.zero_grad()
            cost.backward()
            opt.step()


fit(["windowed", "refine"])
print("done")
'''


def test_the_windowed_arm_loses_its_retain_graph_and_trains_the_same(tmp_path: Path) -> None:
    original = tmp_path / "original" / "train.py"
    original.parent.mkdir()
    original.write_text(SCRIPT.format(retain="retain_graph=True"))
    fixed = apply_gradfix(original, tmp_path / "fixed", "--select", "GF004")
    assert fixed.read_text() == SCRIPT.format(retain="")
    assert_same_training(run_script(fixed), run_script(original))


def test_an_arm_the_epoch_loop_runs_after_keeps_its_retain_graph(tmp_path: Path) -> None:
    original = tmp_path / "original" / "train.py"
    original.parent.mkdir()
    original.write_text(INSIDE_THE_EPOCH_LOOP)
    fixed = apply_gradfix(original, tmp_path / "fixed", "--select", "GF004")
    assert fixed.read_text() == INSIDE_THE_EPOCH_LOOP
    ran = subprocess.run([sys.executable, str(original)], capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr
    stripped = tmp_path / "stripped.py"
    stripped.write_text(INSIDE_THE_EPOCH_LOOP.replace("backward(retain_graph=True)", "backward()"))
    proc = subprocess.run([sys.executable, str(stripped)], capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0 and "backward through the graph a second time" in proc.stderr
