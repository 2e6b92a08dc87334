"""GF025 with timm's own schedulers when the epoch's training is a call of a helper: a function
of the module (`train_epoch(model, opt, loader)`) or a method of the loop's class on `self`
(`self.run_epoch()`), whose own body backpropagates and steps (the whole of timm imported,
torchvision and PIL stubbed: tests/libraries/standins/vision_stub.py; each script in a fresh
interpreter). Built at the top of every epoch, before the helper, and stepped after it
(`step(epoch + 1)`), the scheduler's constructor writes its first rate into the optimizer every
epoch. The fix builds it once before the loop and trains exactly like the hand fix; the buggy
script trains otherwise."""

from __future__ import annotations

import importlib.util
import runpy
from pathlib import Path

import pytest

from . import harness
from .harness import assert_fixed_like_hand

pytest.importorskip("torch")
if importlib.util.find_spec("timm") is None:
    pytest.skip("timm is not installed (pip install --no-deps timm)", allow_module_level=True)

STUB = runpy.run_path(str(Path(__file__).parents[1] / "libraries" / "standins" / "vision_stub.py"))["STUB"]

HEAD = STUB + '''
import hashlib
import json

import torch
from torch import nn
from timm.scheduler import CosineLRScheduler, create_scheduler_v2

torch.manual_seed(0)
torch.set_num_threads(1)
losses = []


def report(model):
    digest = hashlib.sha256()
    for param in model.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

FUNCTION = HEAD + '''

def train_epoch(net, optimizer, batches):
    for x, y in batches:
        optimizer.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(net(x), y)
        losses.append(loss.item())
        loss.backward()
        optimizer.step()


def main():
    model = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 2))
    loader = [(torch.randn(4, 5), torch.randn(4, 2)) for _ in range(3)]
    opt = torch.optim.SGD(model.parameters(), lr=0.2, momentum=0.9)
    BUILD_ONCE
    for epoch in range(4):
        BUILD_EACH
        train_epoch(model, opt, loader)
        sched.step(epoch + 1)
    report(model)


main()
'''

METHOD = HEAD + '''

class Trainer:
    def __init__(self):
        self.model = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 2))
        self.loader = [(torch.randn(4, 5), torch.randn(4, 2)) for _ in range(3)]
        self.opt = torch.optim.Adam(self.model.parameters(), lr=0.05)

    def run_epoch(self):
        for x, y in self.loader:
            self.opt.zero_grad(set_to_none=True)
            loss = nn.functional.mse_loss(self.model(x), y)
            losses.append(loss.item())
            loss.backward()
            self.opt.step()

    def fit(self, epochs):
        epoch = 0
        BUILD_ONCE
        while epoch < epochs:
            BUILD_EACH
            self.run_epoch()
            sched.step(epoch + 1)
            epoch += 1
        report(self.model)


Trainer().fit(4)
'''

CASES = {
    "function_factory_with_warm_up": (FUNCTION, 'sched, _ = create_scheduler_v2(opt, "cosine", num_epochs=4, warmup_epochs=1, warmup_lr=0.01)'),
    "method_class_with_warm_up": (METHOD, "sched = CosineLRScheduler(self.opt, t_initial=epochs, warmup_t=1, warmup_lr_init=0.005)"),
}


def _variant(script: str, build: str, once: bool) -> str:
    """The script with the build at the marker line it keeps (`BUILD_ONCE` before the loop, or
    `BUILD_EACH` at the top of its body), at that line's indentation; the other marker dropped."""
    keep, drop = ("BUILD_ONCE", "BUILD_EACH") if once else ("BUILD_EACH", "BUILD_ONCE")
    lines = []
    for line in script.splitlines(keepends=True):
        if line.strip() == drop:
            continue
        lines.append(line.replace(keep, build) if line.strip() == keep else line)
    return "".join(lines)


@pytest.mark.parametrize("case", sorted(CASES))
def test_timm_scheduler_built_each_epoch_around_a_helper_is_built_once(tmp_path: Path, monkeypatch, case: str) -> None:
    monkeypatch.setattr(harness, "_NOT_PRELOADED", frozenset({"timm"}))  # the stub is in the script: timm imported in the child only
    script, build = CASES[case]
    assert_fixed_like_hand(tmp_path, _variant(script, build, once=False), _variant(script, build, once=True), "--select", "GF025")
