"""GF012 stays silent on a scheduler stepped before the optimizer's step under a count test
that cannot hold before the optimizer's first step (`if self.updates > 0:`, the count bumped
after the step): such a loop trains exactly like the usual order (scheduler after the step),
torch raises no warning about the order, and gradfix leaves it byte-identical. The same loop
with the count bumped before the test steps the scheduler first: torch warns and the
training differs, and gradfix still reports it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from .harness import (
    REPO_ROOT,
    _script_env,
    apply_gradfix,
    assert_same_training,
    gradfix_command,
    run_script,
    training_differences,
)

LOOP = '''import hashlib
import json
import warnings

import torch

torch.manual_seed(0)
torch.set_num_threads(1)


class Trainer:
    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
        self.decay = torch.optim.lr_scheduler.StepLR(self.opt, step_size=2, gamma=0.5)
        self.updates = 0

    def update(self, x, y):
{before}        self.opt.zero_grad(set_to_none=True)
        loss = torch.nn.functional.mse_loss(self.net(x), y)
        loss.backward()
        self.opt.step()
{after}        return loss.item()

    def fit(self, batches):
        return [self.update(x, y) for x, y in batches]


batches = [(torch.randn(8, 3), torch.randn(8, 1)) for _ in range(7)]
trainer = Trainer(torch.nn.Linear(3, 1))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    losses = []
    for x, y in batches:
        losses.append(trainer.update(x, y))
order = [str(w.message) for w in caught if "lr_scheduler.step()" in str(w.message)]
digest = hashlib.sha256()
for param in trainer.net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest(), "extra": {{"order_warnings": len(order)}}}}))
'''

GUARDED = "        if self.updates > 0:\n            self.decay.step()\n"
BUMP = "        self.updates += 1\n"
AFTER = "        self.decay.step()\n"


def _check(path: Path) -> subprocess.CompletedProcess[str]:
    """`gradfix --select GF012` on the script (a check, no write), run as `apply_gradfix` runs it."""
    command = gradfix_command()
    env = _script_env()
    if command[0] == sys.executable:  # (`python -m gradfix` from a checkout)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    return subprocess.run([*command, "--select", "GF012", "--no-cache", str(path)], capture_output=True, text=True, cwd=path.parent, env=env, check=False)


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name / "train.py"
    path.parent.mkdir()
    path.write_text(text)
    return path


def test_count_guarded_scheduler_before_the_step_trains_like_the_usual_order_and_stays(tmp_path: Path) -> None:
    """Silent and unchanged; the same losses and weights as the scheduler stepped after the
    optimizer; no order warning from torch."""
    guarded = _write(tmp_path, "guarded", LOOP.format(before=GUARDED, after=BUMP))
    usual = _write(tmp_path, "usual", LOOP.format(before="", after=AFTER))
    proc = _check(guarded)
    assert proc.returncode == 0 and "GF012" not in proc.stdout, proc.stdout + proc.stderr
    checked = apply_gradfix(guarded, tmp_path / "checked", "--select", "GF012")
    assert checked.read_bytes() == guarded.read_bytes()
    result, expected = run_script(guarded), run_script(usual)
    assert_same_training(result, expected)
    assert result["extra"]["order_warnings"] == 0


def test_count_bumped_before_the_test_steps_the_scheduler_first_and_is_reported(tmp_path: Path) -> None:
    """The near miss: the test holds at the first call, torch warns once, the training
    differs from the usual order, and GF012 reports it."""
    bumped = _write(tmp_path, "bumped", LOOP.format(before=BUMP + GUARDED, after=""))
    usual = _write(tmp_path, "usual", LOOP.format(before="", after=AFTER))
    result, expected = run_script(bumped), run_script(usual)
    assert training_differences(result, expected)
    assert result["extra"]["order_warnings"] == 1
    proc = _check(bumped)
    assert proc.returncode == 1 and "GF012" in proc.stdout, proc.stdout + proc.stderr
