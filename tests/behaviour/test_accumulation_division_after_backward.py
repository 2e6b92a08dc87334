"""GF005 on an accumulation window whose loss is divided by the window's size only after its
backward (`loss.backward()` then `loss = loss / ACC`): the division scales no gradient. The
fixed script (the division made at the backward, the late one left for the log) trains exactly
like the hand-fixed one (the division moved before the backward), in the plain form and with
the backward written in a mixed-precision arm and a plain arm."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import apply_gradfix, assert_same_training, run_script, training_differences

pytest.importorskip("torch")

PLAIN = '''import hashlib
import json

import torch
from torch import nn

ACC = 4
torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
batches = [(torch.randn(8, 3), torch.randn(8, 1)) for _ in range(10)]
losses = []
for epoch in range(2):
    for i, (x, y) in enumerate(batches):
        loss = nn.functional.mse_loss(model(x), y)
{body}
        losses.append(loss.item())
        if (i + 1) % ACC == 0 or i + 1 == len(batches):
            optimizer.step()
            optimizer.zero_grad()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

ARMS = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)


class Fitter:
    def __init__(self, model, batches, accum=3, use_amp=False):
        self.model = model
        self.batches = batches
        self.accum = accum
        self.use_amp = use_amp
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        self.scaler = torch.amp.GradScaler("cpu", enabled=use_amp)
        self.losses = []

    def fit(self, epochs):
        for epoch in range(epochs):
            for i, (x, y) in enumerate(self.batches):
                if not self.use_amp:
                    loss = nn.functional.mse_loss(self.model(x), y)
{plain}
                else:
                    with torch.autocast("cpu"):
                        loss = nn.functional.mse_loss(self.model(x), y)
{amp}
{after}
                self.losses.append(loss.item())
                if (i + 1) % self.accum == 0 or i + 1 == len(self.batches):
                    if not self.use_amp:
                        self.optimizer.step()
                    else:
                        self.scaler.step(self.optimizer)
                        self.scaler.update()
                    self.optimizer.zero_grad()


model = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))
fitter = Fitter(model, [(torch.randn(8, 3), torch.randn(8, 1)) for _ in range(10)])
fitter.fit(2)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": fitter.losses, "weights_sha256": digest.hexdigest()}}))
'''


def _fixed_trains_like_hand(tmp_path: Path, buggy: str, hand: str, fixed_text: str) -> None:
    """The fix divides at the backward and keeps the late division (the logged loss is what it
    was): its text is `fixed_text`; it trains exactly like the hand fix, the buggy script not."""
    paths = {}
    for name, text in (("buggy", buggy), ("hand", hand)):
        paths[name] = tmp_path / name / "train.py"
        paths[name].parent.mkdir()
        paths[name].write_text(text)
    fixed = apply_gradfix(paths["buggy"], tmp_path / "fixed", "--select", "GF005")
    assert fixed.read_text() == fixed_text
    expected = run_script(paths["hand"])
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(paths["buggy"]), expected)


def test_plain_division_after_backward(tmp_path: Path) -> None:
    buggy = PLAIN.format(body="        loss.backward()\n        loss = loss / ACC")
    hand = PLAIN.format(body="        loss = loss / ACC\n        loss.backward()")
    fixed = PLAIN.format(body="        (loss / ACC).backward()\n        loss = loss / ACC")
    _fixed_trains_like_hand(tmp_path, buggy, hand, fixed)


def test_division_after_backward_in_both_arms(tmp_path: Path) -> None:
    buggy = ARMS.format(
        plain="                    loss.backward()",
        amp="                    self.scaler.scale(loss).backward()",
        after="                loss = loss / self.accum",
    )
    hand = ARMS.format(
        plain="                    loss = loss / self.accum\n                    loss.backward()",
        amp="                    loss = loss / self.accum\n                    self.scaler.scale(loss).backward()",
        after="",
    )
    fixed = ARMS.format(
        plain="                    (loss / self.accum).backward()",
        amp="                    self.scaler.scale(loss / self.accum).backward()",
        after="                loss = loss / self.accum",
    )
    _fixed_trains_like_hand(tmp_path, buggy, hand, fixed)


def test_guarded_division_after_backward(tmp_path: Path) -> None:
    # `if ACC > 1: loss = loss / ACC` after the backward: the guard scales nothing either
    late = "        if ACC > 1:\n            loss = loss / ACC"
    buggy = PLAIN.format(body="        loss.backward()\n" + late)
    hand = PLAIN.format(body=late + "\n        loss.backward()")
    fixed = PLAIN.format(body="        (loss / ACC).backward()\n" + late)
    _fixed_trains_like_hand(tmp_path, buggy, hand, fixed)


def test_guarded_in_place_division_after_backward_in_both_arms(tmp_path: Path) -> None:
    late = "                if self.accum != 1:\n                    loss /= self.accum"
    buggy = ARMS.format(
        plain="                    loss.backward()",
        amp="                    self.scaler.scale(loss).backward()",
        after=late,
    )
    hand = ARMS.format(
        plain="                    loss = loss / self.accum\n                    loss.backward()",
        amp="                    loss = loss / self.accum\n                    self.scaler.scale(loss).backward()",
        after="",
    )
    fixed = ARMS.format(
        plain="                    (loss / self.accum).backward()",
        amp="                    self.scaler.scale(loss / self.accum).backward()",
        after=late,
    )
    _fixed_trains_like_hand(tmp_path, buggy, hand, fixed)
