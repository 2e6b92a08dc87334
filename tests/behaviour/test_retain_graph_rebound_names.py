"""GF004 on a GAN whose generator step runs a fresh forward pass under the discriminator
step's names (`fake = G(z)` again): the names are rebound, so the retained graph is never
walked again. After `gradfix --write` the loop runs without `retain_graph` and trains exactly
like the original. The twin that rebinds `fake` only on some iterations does walk the first
graph again: without its `retain_graph` it raises, and gradfix leaves it alone."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .harness import apply_gradfix, assert_same_training, run_script

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
Z = 4
batches = [torch.randn(8, 6) for _ in range(6)]
G = nn.Sequential(nn.Linear(Z, 16), nn.ReLU(), nn.Linear(16, 6))
D = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 1))
opt_g = torch.optim.Adam(G.parameters(), lr=1e-3)
opt_d = torch.optim.Adam(D.parameters(), lr=1e-3)
bce = nn.BCEWithLogitsLoss()
losses = []
for i, real in enumerate(batches):
    z = torch.randn(real.size(0), Z)
    opt_d.zero_grad()
    fake = G(z)
    d_fake = D(fake)
    d_real = D(real)
    d_loss = bce(d_real, torch.ones_like(d_real)) + bce(d_fake, torch.zeros_like(d_fake))
    d_loss.backward(retain_graph=True)
    opt_d.step()
    opt_g.zero_grad()
{rebind}    d_fake = D(fake)
    g_loss = bce(d_fake, torch.ones_like(d_fake))
    g_loss.backward()
    opt_g.step()
    losses += [d_loss.item(), g_loss.item()]

digest = hashlib.sha256()
for param in [*G.parameters(), *D.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
ALWAYS = "    fake = G(z)\n"
SOMETIMES = "    if i % 2 == 0:\n        fake = G(z)\n"


def test_rebound_names_lose_their_retain_graph_and_train_the_same(tmp_path: Path) -> None:
    original = tmp_path / "original" / "train.py"
    original.parent.mkdir()
    original.write_text(SCRIPT.format(rebind=ALWAYS))
    fixed = apply_gradfix(original, tmp_path / "fixed", "--select", "GF004")
    assert "retain_graph" not in fixed.read_text()
    assert_same_training(run_script(fixed), run_script(original))


def test_rebound_on_some_iterations_keeps_its_retain_graph(tmp_path: Path) -> None:
    original = tmp_path / "original" / "train.py"
    original.parent.mkdir()
    original.write_text(SCRIPT.format(rebind=SOMETIMES))
    fixed = apply_gradfix(original, tmp_path / "fixed", "--select", "GF004")
    assert fixed.read_text() == original.read_text()
    run_script(original)  # runs as written
    stripped = tmp_path / "stripped.py"
    stripped.write_text(original.read_text().replace("backward(retain_graph=True)", "backward()"))
    proc = subprocess.run([sys.executable, str(stripped)], capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0 and "backward through the graph a second time" in proc.stderr
