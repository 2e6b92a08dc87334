"""GF020 with a warm-up schedule class of the file subclassing `LambdaLR` (its horizon read
from the arguments its `lr_lambda` method reads through `self`), with warm-up functions of the
script handed to a `LambdaLR` (one reading module counts, one a factory's closure over the
arguments of its call), and with a `SequentialLR` whose
parts count their horizons in the other unit than the stepping. The unsafe fix moves the
scheduler step to the level the horizon counts; the fixed script trains exactly like that
hand fix, the buggy one otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import apply_gradfix, assert_same_training, run_script, training_differences

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json
import math

import torch
import torch.nn.functional as F
from torch.optim.lr_scheduler import CosineAnnealingLR, LambdaLR, LinearLR, SequentialLR

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), torch.randn(32, 2)
loader = [(X[i : i + 8], Y[i : i + 8]) for i in range(0, 32, 8)]
EPOCHS = 4


class WarmupLinearSchedule(LambdaLR):
    def __init__(self, optimizer, warmup_steps, t_total, last_epoch=-1):
        self.warmup_steps = warmup_steps
        self.t_total = t_total
        super().__init__(optimizer, self.lr_lambda, last_epoch=last_epoch)

    def lr_lambda(self, step):
        if step < self.warmup_steps:
            return float(step + 1) / float(max(1, self.warmup_steps))
        return max(0.0, float(self.t_total - step) / float(max(1.0, self.t_total - self.warmup_steps)))


class WarmupCosineSchedule(LambdaLR):
    def __init__(self, optimizer, warmup_epochs, total_epochs, cycles=0.5):
        self.warmup_epochs = warmup_epochs
        self.total_epochs = total_epochs
        self.cycles = cycles
        LambdaLR.__init__(self, optimizer, self.lr_lambda)

    def lr_lambda(self, epoch):
        if epoch < self.warmup_epochs:
            return float(epoch + 1) / float(max(1.0, self.warmup_epochs))
        progress = float(epoch - self.warmup_epochs) / float(max(1, self.total_epochs - self.warmup_epochs))
        return max(0.0, 0.5 * (1.0 + math.cos(math.pi * float(self.cycles) * 2.0 * progress)))


TOTAL_STEPS = EPOCHS * len(loader)
WARMUP_STEPS = 3


def warmup_then_cosine(step):
    if step < WARMUP_STEPS:
        return float(step + 1) / float(WARMUP_STEPS)
    progress = float(step - WARMUP_STEPS) / float(max(1, TOTAL_STEPS - WARMUP_STEPS))
    return 0.5 * (1.0 + math.cos(math.pi * progress))


def linear_warmup(warmup, total):
    def factor(step):
        if step < warmup:
            return (step + 1) / warmup
        return max(0.0, (total - step) / (total - warmup))

    return factor


model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
{build}
losses = []
for epoch in range(EPOCHS):
    for x, y in loader:
        opt.zero_grad()
        loss = F.mse_loss(model(x), y)
        loss.backward()
        losses.append(loss.item())
        opt.step()
{step}
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

PER_BATCH, PER_EPOCH = "        sched.step()", "    sched.step()"
# (how it is built, the buggy stepping, the hand fix's)
CASES = {
    "warmup-class-counting-batches": (
        "sched = WarmupLinearSchedule(opt, warmup_steps=3, t_total=EPOCHS * len(loader))", PER_EPOCH, PER_BATCH,
    ),
    "warmup-class-counting-epochs": (
        "sched = WarmupCosineSchedule(opt, warmup_epochs=1, total_epochs=EPOCHS)", PER_BATCH, PER_EPOCH,
    ),
    "warmup-function-counting-batches": ("sched = LambdaLR(opt, warmup_then_cosine)", PER_EPOCH, PER_BATCH),
    "warmup-factory-closure-counting-batches": (
        "sched = LambdaLR(opt, lr_lambda=linear_warmup(2, EPOCHS * len(loader)))", PER_EPOCH, PER_BATCH,
    ),
    "sequential-parts-counting-epochs": (
        "warmup = LinearLR(opt, start_factor=0.25, total_iters=1)\n"
        "cosine = CosineAnnealingLR(opt, T_max=EPOCHS - 1)\n"
        "sched = SequentialLR(opt, schedulers=[warmup, cosine], milestones=[1])",
        PER_BATCH, PER_EPOCH,
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_scheduler_steps_at_the_level_its_horizon_counts(tmp_path: Path, case: str) -> None:
    build, buggy_step, hand_step = CASES[case]
    buggy = tmp_path / "buggy" / "train.py"
    hand = tmp_path / "hand" / "train.py"
    for path, step in ((buggy, buggy_step), (hand, hand_step)):
        path.parent.mkdir()
        path.write_text(SCRIPT.format(build=build, step=step))
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF020", "--unsafe-fixes")
    assert fixed.read_text() == hand.read_text()
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(buggy), expected)
