"""GF004 on a WGAN-style loop: the critic's backward retains its graph inside an inner loop of
`n_critic` steps, and the generator's backward, in the loop around it, walks a graph of its
own (a fresh forward after the inner loop). After `gradfix --write` the loop runs without
`retain_graph` and trains exactly like the original. The twin whose generator loss reads the
last critic step's `fake` does walk the retained graph again: without its `retain_graph` it
raises, and gradfix leaves it alone."""

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
data = torch.randn(64, 6) * 2 + 1
gen = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 6))
critic = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 1))
opt_g = torch.optim.Adam(gen.parameters(), lr=1e-3)
opt_c = torch.optim.Adam(critic.parameters(), lr=1e-3)
losses = []
for it in range(4):
    for _ in range(3):
        real = data[torch.randint(0, 64, (8,))]
        fake = gen(torch.randn(8, 4))
        c_loss = critic(fake{detach}).mean() - critic(real).mean()
        opt_c.zero_grad()
        c_loss.backward(retain_graph=True)
        opt_c.step()
    g_loss = {g_loss}
    opt_g.zero_grad()
    g_loss.backward()
    opt_g.step()
    losses += [c_loss.item(), g_loss.item()]

digest = hashlib.sha256()
for param in [*gen.parameters(), *critic.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_critic_loop_loses_its_retain_graph_and_trains_the_same(tmp_path: Path) -> None:
    original = tmp_path / "original" / "train.py"
    original.parent.mkdir()
    original.write_text(SCRIPT.format(detach=".detach()", g_loss="-critic(gen(torch.randn(8, 4))).mean()"))
    fixed = apply_gradfix(original, tmp_path / "fixed", "--select", "GF004")
    assert "retain_graph" not in fixed.read_text()
    assert_same_training(run_script(fixed), run_script(original))


def test_generator_loss_from_the_last_critic_step_keeps_its_retain_graph(tmp_path: Path) -> None:
    original = tmp_path / "original" / "train.py"
    original.parent.mkdir()
    original.write_text(SCRIPT.format(detach="", g_loss="-fake.mean()"))
    fixed = apply_gradfix(original, tmp_path / "fixed", "--select", "GF004")
    assert fixed.read_text() == original.read_text()
    run_script(original)  # runs as written
    stripped = tmp_path / "stripped.py"
    stripped.write_text(original.read_text().replace("backward(retain_graph=True)", "backward()"))
    proc = subprocess.run([sys.executable, str(stripped)], capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0 and "backward through the graph a second time" in proc.stderr
