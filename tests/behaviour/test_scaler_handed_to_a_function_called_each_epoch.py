"""GF022 with the training loop in a function an epoch loop calls: the fix builds the scaler
before the caller's loop and hands it in (a keyword-only parameter), so it keeps the scale it
learns from epoch to epoch; built in the function, it would start over on every call, which
GF029 reports. CUDA autocast and the CUDA scaler disable themselves on a machine without a
GPU, so the scripts are run with the fix's scaler swapped for a CPU one whose initial scale
makes the gradients overflow (`init_scale=2**124`): built once, it halves its scale over the
first steps and then trains; built per call, every epoch starts again by skipping steps."""

from __future__ import annotations

from pathlib import Path

from .harness import apply_gradfix, assert_same_training, run_script, training_differences

BUGGY = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), 8.0 * torch.randn(32, 2)
loader = [(X[i : i + 8], Y[i : i + 8]) for i in range(0, 32, 8)]
losses = []


def train_one_epoch(net, batches, optimizer, epoch):
    for inputs, targets in batches:
        optimizer.zero_grad()
        with torch.autocast(device_type="cuda", dtype=torch.float16):
            loss = F.mse_loss(net(inputs), targets)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())


model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)
for epoch in range(3):
    train_one_epoch(model, loader, optimizer, epoch)

digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''
HAND = (
    BUGGY.replace("optimizer, epoch):\n", "optimizer, epoch, *, scaler):\n")
    .replace("        loss.backward()\n        optimizer.step()\n", "        scaler.scale(loss).backward()\n        scaler.step(optimizer)\n        scaler.update()\n")
    .replace("for epoch in range(3):\n", 'scaler = torch.amp.GradScaler("cuda")\nfor epoch in range(3):\n')
    .replace("optimizer, epoch)\n", "optimizer, epoch, scaler=scaler)\n")
)
# the scaler built in the function before its loop (what GF022's fix wrote before)
PER_CALL = (
    BUGGY.replace("        loss.backward()\n        optimizer.step()\n", "        scaler.scale(loss).backward()\n        scaler.step(optimizer)\n        scaler.update()\n")
    .replace("    for inputs, targets in batches:\n", '    scaler = torch.amp.GradScaler("cuda")\n    for inputs, targets in batches:\n')
)


def _on_cpu(text: str) -> str:
    assert text.count('torch.amp.GradScaler("cuda")') == 1
    return text.replace('torch.amp.GradScaler("cuda")', 'torch.amp.GradScaler("cpu", init_scale=2.0**124, growth_interval=3)')


def test_scaler_of_an_epoch_function_is_built_once_and_handed_in(tmp_path: Path) -> None:
    buggy = tmp_path / "buggy" / "train.py"
    buggy.parent.mkdir()
    buggy.write_text(BUGGY)
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF022", "--unsafe-fixes")
    assert fixed.read_text() == HAND
    scripts = {}
    for name, text in (("fixed", fixed.read_text()), ("hand", HAND), ("per_call", PER_CALL)):
        path = tmp_path / name / "cpu.py"
        path.parent.mkdir(exist_ok=True)
        path.write_text(_on_cpu(text))
        scripts[name] = run_script(path)
    assert_same_training(scripts["fixed"], scripts["hand"])
    # a scaler per call skips the first steps of every epoch again: it trains differently
    assert training_differences(scripts["per_call"], scripts["hand"])
