"""GF010 and GF002 on callbacks of transformers' Trainer (5.24.0): the Trainer calls
`on_optimizer_step` right after `optimizer.step()`, so a clip there changes no step (GF010: the
fix renames the hook `on_pre_optimizer_step`, called after the window's backward passes, right
before the step); it calls `on_pre_optimizer_step` between those backward passes and the step,
so a clear there leaves the step nothing (GF002: the fix removes the clear; the Trainer clears
its model after each step). Proven in tests/libraries/test_transformers.py
(test_clip_in_the_optimizer_step_hook_changes_no_step,
test_clear_in_the_pre_optimizer_step_hook_wipes_the_step); here each fixed script trains exactly
like the hand fix, the buggy one otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json
import os
import sys
import warnings

os.environ["HF_HUB_OFFLINE"] = "1"
warnings.filterwarnings("ignore")

result = sys.stdout
sys.stdout = sys.stderr  # (the libraries print notices and the run's summary)

import torch
from torch import nn
from transformers import Trainer, TrainerCallback, TrainingArguments

torch.manual_seed(0)
torch.set_num_threads(1)
losses = []
norms = []


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(5, 12), nn.ReLU(), nn.Linear(12, 1))

    def forward(self, x, labels):
        loss = nn.functional.mse_loss(self.mlp(x), labels)
        losses.append(loss.item())
        return {"loss": loss}


HOOKS
xs = torch.randn(48, 5)
data = [{"x": x, "labels": x.sum().reshape(1)} for x in xs]
model = Regressor()
args = TrainingArguments(
    output_dir="out", per_device_train_batch_size=4, gradient_accumulation_steps=3, num_train_epochs=2,
    learning_rate=0.05, optim="sgd", lr_scheduler_type="constant", weight_decay=0.0, max_grad_norm=0.0,
    report_to=[], save_strategy="no", logging_strategy="no", use_cpu=True, dataloader_num_workers=0,
    seed=0, disable_tqdm=True,
)
trainer = Trainer(model=model, args=args, train_dataset=data, callbacks=[CALLBACK])
trainer.train()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}), file=result)
'''

CLIP = '''class Clip(TrainerCallback):
    def HOOK(self, args, state, control, model=None, **kwargs):
        torch.nn.utils.clip_grad_norm_(model.parameters(), 0.05)
'''

CLEAR = '''class Monitor(TrainerCallback):
    def on_pre_optimizer_step(self, args, state, control, **kwargs):
        net = kwargs["model"]
        norms.append(sum(float(p.grad.norm()) for p in net.parameters()))
CLEARS'''


def test_clip_in_the_optimizer_step_hook_moved_before_the_step(tmp_path: Path) -> None:
    pytest.importorskip("transformers")
    script = SCRIPT.replace("CALLBACK", "Clip()")
    buggy = script.replace("HOOKS", CLIP.replace("HOOK", "on_optimizer_step"))
    hand = script.replace("HOOKS", CLIP.replace("HOOK", "on_pre_optimizer_step"))
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF010")


@pytest.mark.parametrize("clears", ["        net.zero_grad()\n", "        net.zero_grad(set_to_none=False)\n"], ids=["to_none", "to_zero"])
def test_clear_in_the_pre_optimizer_step_hook_removed(tmp_path: Path, clears: str) -> None:
    pytest.importorskip("transformers")
    script = SCRIPT.replace("CALLBACK", "Monitor()")
    buggy = script.replace("HOOKS", CLEAR.replace("CLEARS", clears))
    hand = script.replace("HOOKS", CLEAR.replace("CLEARS", ""))
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF002")


SUBSTEP = '''class Watch(TrainerCallback):
    """Counts micro-batches; the Trainer calls on_substep_end after each that ends no window."""

    def __init__(self):
        self.micro = 0

    def on_substep_end(self, args, state, control, model=None, **kwargs):
        self.micro += 1
CLEARS'''


def test_clear_in_the_substep_end_hook_removed(tmp_path: Path) -> None:
    """GF011: a clear of the hook's model in on_substep_end wipes each window's earlier
    micro-batches (test_clear_in_the_substep_end_hook_wipes_the_windows_earlier_micro_batches);
    the fix removes it and the Trainer accumulates the whole window again."""
    pytest.importorskip("transformers")
    script = SCRIPT.replace("CALLBACK", "Watch()")
    buggy = script.replace("HOOKS", SUBSTEP.replace("CLEARS", "        model.zero_grad()\n"))
    hand = script.replace("HOOKS", SUBSTEP.replace("CLEARS", ""))
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF011")


def test_clip_in_the_substep_end_hook_moved_before_the_step(tmp_path: Path) -> None:
    """GF010's unsafe fix: a clip in on_substep_end clips partial sums
    (test_clip_in_the_substep_end_hook_clips_partial_sums); renamed on_pre_optimizer_step it
    clips the window's whole gradient right before the step."""
    pytest.importorskip("transformers")
    script = SCRIPT.replace("CALLBACK", "Clip()")
    # (a logging on_optimizer_step: a module clipping only in on_substep_end says no `_step(`
    # and does not pass the prefilter)
    logs = "\n    def on_optimizer_step(self, args, state, control, **kwargs):\n        norms.append(state.global_step)\n"
    buggy = script.replace("HOOKS", CLIP.replace("HOOK", "on_substep_end") + logs)
    hand = script.replace("HOOKS", CLIP.replace("HOOK", "on_pre_optimizer_step") + logs)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF010", "--unsafe-fixes")


OVERRIDE = '''class Clearing(Trainer):
    def training_step(self, model, inputs, num_items_in_batch=None):
        loss = super().training_step(model, inputs, num_items_in_batch)
        norms.append(float(loss))
CLEARS        return loss
'''


def test_clear_after_the_base_training_step_removed(tmp_path: Path) -> None:
    """GF002 in a Trainer subclass: `model.zero_grad()` after `super().training_step(...)` wipes
    what the Trainer's step right after is about to apply
    (test_clear_after_the_base_training_step_wipes_the_step); the fix removes it."""
    pytest.importorskip("transformers")
    script = SCRIPT.replace("trainer = Trainer(", "trainer = Clearing(").replace("CALLBACK", "")
    buggy = script.replace("HOOKS", OVERRIDE.replace("CLEARS", "        model.zero_grad()\n"))
    hand = script.replace("HOOKS", OVERRIDE.replace("CLEARS", ""))
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF002")
