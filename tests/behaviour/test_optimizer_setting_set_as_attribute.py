"""GF024: a learning rate assigned as an attribute of a torch optimizer never applies. The fixed
script (attribute kept, value written into every parameter group) trains exactly like a hand fix
that writes the groups only, and the buggy script trains otherwise (its rate never decays)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import apply_gradfix, assert_same_training, run_script, training_differences

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), torch.randn(32, 2)


class Trainer:
    def __init__(self, net):
        self.net = net
        self.optimizer = torch.optim.SGD(self.net.parameters(), lr=0.1, momentum=0.9)

    def set_schedule(self, epoch):
        new_lr = 0.1 * 0.5 ** epoch
{set_lr}
    def fit(self, epochs, losses):
        for epoch in range(epochs):
            self.set_schedule(epoch)
            for i in range(0, 32, 8):
                self.optimizer.zero_grad()
                loss = F.mse_loss(self.net(X[i : i + 8]), Y[i : i + 8])
                loss.backward()
                self.optimizer.step()
                losses.append(loss.item())


def decay(optimizer, epoch):
{decay}

model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
losses = []
Trainer(model).fit(3, losses)
opt = torch.optim.Adam(model.parameters(), lr=0.01)
for epoch in range(3):
    decay(opt, epoch)
    for i in range(0, 32, 8):
        opt.zero_grad()
        loss = F.mse_loss(model(X[i : i + 8]), Y[i : i + 8])
        loss.backward()
        opt.step()
        losses.append(loss.item())

digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

BUGGY = SCRIPT.format(set_lr="        self.optimizer.lr = new_lr\n", decay="    optimizer.lr = 0.01 * 0.3 ** epoch\n")
HAND = SCRIPT.format(
    set_lr='        for group in self.optimizer.param_groups:\n            group["lr"] = new_lr\n',
    decay='    for group in optimizer.param_groups:\n        group["lr"] = 0.01 * 0.3 ** epoch\n',
)


def test_learning_rate_written_into_the_groups_trains_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = tmp_path / "buggy" / "train.py"
    hand = tmp_path / "hand" / "train.py"
    for path, text in ((buggy, BUGGY), (hand, HAND)):
        path.parent.mkdir()
        path.write_text(text)
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF024")
    text = fixed.read_text()
    assert text.count('param_group["lr"] = ') == 2, text
    assert "self.optimizer.lr = new_lr" in text and "optimizer.lr = 0.01 * 0.3 ** epoch" in text
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(buggy), expected)


READ_BACK = SCRIPT.format(
    set_lr="        self.optimizer.lr = new_lr\n        self.last_lr = self.optimizer.lr\n",
    decay="    optimizer.lr = 0.01 * 0.3 ** epoch\n    assert optimizer.lr > 0\n",
)


@pytest.mark.parametrize("text", [HAND, READ_BACK], ids=["groups-written", "attribute-read-back"])
def test_groups_written_or_attribute_read_back_left_alone(tmp_path: Path, text: str) -> None:
    """A module that writes the groups itself, or reads the attribute back (it may be handed on
    to the groups by code gradfix does not see), is not judged."""
    path = tmp_path / "train.py"
    path.write_text(text)
    fixed = apply_gradfix(path, tmp_path / "fixed", "--select", "GF024", "--unsafe-fixes")
    assert fixed.read_text() == text
    run_script(fixed)  # the script itself runs


BUILT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), torch.randn(32, 2)


def build_optimizer(net):
    return torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)


model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
losses = []
opt = build_optimizer(model)
{start}for epoch in range(3):
{each}    for i in range(0, 32, 8):
        opt.zero_grad()
        loss = F.mse_loss(model(X[i : i + 8]), Y[i : i + 8])
        loss.backward()
        opt.step()
        losses.append(loss.item())

digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

BUILT_CASES = {
    # name: (buggy (before the loop, each epoch), hand fix (before the loop, each epoch))
    "setattr": (
        ("", '    setattr(opt, "lr", 0.1 * 0.5 ** epoch)\n'),
        ("", '    for group in opt.param_groups:\n        group["lr"] = 0.1 * 0.5 ** epoch\n'),
    ),
    "augmented": (
        ("opt.lr = 0.1\n", "    if epoch:\n        opt.lr *= 0.5\n"),
        ("", '    if epoch:\n        for group in opt.param_groups:\n            group["lr"] *= 0.5\n'),
    ),
}


@pytest.mark.parametrize("case", sorted(BUILT_CASES))
def test_optimizer_from_a_builder_trains_like_the_hand_fix(tmp_path: Path, case: str) -> None:
    """`opt = build_optimizer(model)` (a function of the script returning torch's SGD), its rate
    set with `setattr(opt, "lr", ...)` or decayed with `opt.lr *= 0.5` after `opt.lr = 0.1`."""
    (start, each), (hand_start, hand_each) = BUILT_CASES[case]
    buggy = tmp_path / "buggy" / "train.py"
    hand = tmp_path / "hand" / "train.py"
    for path, text in ((buggy, BUILT.format(start=start, each=each)), (hand, BUILT.format(start=hand_start, each=hand_each))):
        path.parent.mkdir()
        path.write_text(text)
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF024")
    assert 'param_group["lr"] = opt.lr' in fixed.read_text()
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(buggy), expected)


COMMAND_LINE = '''import argparse
import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), torch.randn(32, 2)
args = argparse.Namespace(lr=0.1, schedule=[1, 2])


def adjust_learning_rate(optimizer, epoch, args):
    lr = args.lr
    for milestone in args.schedule:
        lr *= 0.1 if epoch >= milestone else 1.0
{set_lr}

model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
losses = []
opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
for epoch in range(3):
    adjust_learning_rate(opt, epoch, args)
    for i in range(0, 32, 8):
        opt.zero_grad()
        loss = F.mse_loss(model(X[i : i + 8]), Y[i : i + 8])
        loss.backward()
        opt.step()
        losses.append(loss.item())

digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_rate_from_the_command_line_trains_like_the_hand_fix(tmp_path: Path) -> None:
    """`adjust_learning_rate(optimizer, epoch, args)` reads `args.lr` (the parsed command line),
    which is no read of the optimizer's attribute: its `optimizer.lr = lr` is fixed."""
    buggy = tmp_path / "buggy" / "train.py"
    hand = tmp_path / "hand" / "train.py"
    hand_lines = '    for group in optimizer.param_groups:\n        group["lr"] = lr\n'
    for path, text in ((buggy, COMMAND_LINE.format(set_lr="    optimizer.lr = lr\n")), (hand, COMMAND_LINE.format(set_lr=hand_lines))):
        path.parent.mkdir()
        path.write_text(text)
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF024")
    assert 'param_group["lr"] = optimizer.lr' in fixed.read_text()
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(buggy), expected)


HELD = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), torch.randn(32, 2)


class Agent:
    def __init__(self, net):
        self.net = net
        self.optim = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)


model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
agent = Agent(model)
opts = {{"main": agent.optim}}
losses = []
for epoch in range(3):
{set_lr}
    for i in range(0, 32, 8):
        agent.optim.zero_grad()
        loss = F.mse_loss(model(X[i : i + 8]), Y[i : i + 8])
        loss.backward()
        agent.optim.step()
        losses.append(loss.item())

digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

HELD_CASES = {
    # name: (the buggy assignment, what the fix writes after it)
    "held-by-an-object": ("    agent.optim.lr = 0.1 * 0.5 ** epoch", 'param_group["lr"] = agent.optim.lr'),
    "loop-over-a-tuple": ("    for o in (opt,):\n        o.lr = 0.1 * 0.5 ** epoch", 'param_group["lr"] = o.lr'),
}


@pytest.mark.parametrize("case", sorted(HELD_CASES))
def test_optimizer_known_under_another_name_trains_like_the_hand_fix(tmp_path: Path, case: str) -> None:
    """`agent.optim.lr = ...` from outside the class, `o.lr = ...` over a tuple of optimizers."""
    set_lr, written = HELD_CASES[case]
    buggy = tmp_path / "buggy" / "train.py"
    hand = tmp_path / "hand" / "train.py"
    hand_lines = '    for group in agent.optim.param_groups:\n        group["lr"] = 0.1 * 0.5 ** epoch'
    for path, text in ((buggy, HELD.format(set_lr=set_lr)), (hand, HELD.format(set_lr=hand_lines))):
        if case == "loop-over-a-tuple":  # the optimizer built at the top level, as `opt`
            text = text.replace("agent.optim", "opt").replace("opts = {", "opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)\nopts = {")
        path.parent.mkdir()
        path.write_text(text)
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF024")
    assert written in fixed.read_text()
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(buggy), expected)


CONFIGURED = '''import hashlib
import json
from dataclasses import dataclass

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), torch.randn(32, 2)


@dataclass
class Settings:
    lr: float = 0.1
    halve_every: int = 2


class Runner:
    def __init__(self, net, settings: Settings):
        self.settings = settings
        self.net = net
        self.opt = torch.optim.SGD(net.parameters(), lr=settings.lr, momentum=0.9)

    def step(self, i, losses):
        rate = self.settings.lr * 0.5 ** (i // self.settings.halve_every)
{set_lr}        self.opt.zero_grad()
        loss = F.mse_loss(self.net(X[i * 4 : i * 4 + 4]), Y[i * 4 : i * 4 + 4])
        loss.backward()
        self.opt.step()
        losses.append(loss.item())


model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
losses = []
runner = Runner(model, Settings())
for i in range(8):
    runner.step(i, losses)

digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_settings_object_read_for_its_own_lr_does_not_hide_the_attribute(tmp_path: Path) -> None:
    """`self.settings.lr` reads the rate of a dataclass of the file the constructor's parameter
    is annotated with, not the optimizer's attribute back: the assignment is fixed."""
    buggy = tmp_path / "buggy" / "train.py"
    hand = tmp_path / "hand" / "train.py"
    buggy.parent.mkdir()
    hand.parent.mkdir()
    buggy.write_text(CONFIGURED.format(set_lr="        self.opt.lr = rate\n"))
    hand.write_text(CONFIGURED.format(set_lr='        for group in self.opt.param_groups:\n            group["lr"] = rate\n'))
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF024")
    assert 'param_group["lr"] = ' in fixed.read_text()
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(buggy), expected)


KNOBS = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), torch.randn(32, 2)


class Knobs:
    def __init__(self, lr, cool_down_at):
        self.lr = lr
        self.cool_down_at = cool_down_at


def run(net, optimizer: torch.optim.Optimizer, knobs, losses):
    for r in range(8):
        if r == knobs.cool_down_at:
{set_lr}        optimizer.zero_grad()
        loss = F.mse_loss(net(X[r * 4 : r * 4 + 4]), Y[r * 4 : r * 4 + 4])
        loss.backward()
        optimizer.step()
        losses.append(loss.item())


model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
knobs = Knobs(0.1, 3)
adam = torch.optim.Adam(model.parameters(), lr=knobs.lr)
losses = []
run(model, adam, knobs=knobs, losses=losses)

digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


BUILT_IN_THE_CALL = {
    "by-name": "adam",
    "built-in-the-call": "torch.optim.Adam(model.parameters(), lr=knobs.lr)",
    "built-in-the-call-by-keyword": "optimizer=torch.optim.Adam(model.parameters(), lr=knobs.lr)",
}


@pytest.mark.parametrize("passed", sorted(BUILT_IN_THE_CALL))
def test_annotated_optimizer_parameter_beside_a_settings_object_is_fixed(tmp_path: Path, passed: str) -> None:
    """`optimizer: torch.optim.Optimizer` is what the module's call passes (an Adam, held in a
    name or built right in the call's argument list), and `knobs.lr` reads an object of a plain
    class of the module: the assignment is fixed."""
    buggy = tmp_path / "buggy" / "train.py"
    hand = tmp_path / "hand" / "train.py"
    buggy.parent.mkdir()
    hand.parent.mkdir()
    call = "run(model, adam, knobs=knobs, losses=losses)"
    script = KNOBS.replace(call, call.replace("adam", BUILT_IN_THE_CALL[passed]))
    if passed != "by-name":
        script = script.replace("adam = torch.optim.Adam(model.parameters(), lr=knobs.lr)\n", "")
    assert script.count("torch.optim.Adam(") == 1
    buggy.write_text(script.format(set_lr="            optimizer.lr = knobs.lr / 10\n"))
    hand.write_text(script.format(set_lr='            for group in optimizer.param_groups:\n                group["lr"] = knobs.lr / 10\n'))
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF024")
    assert 'param_group["lr"] = ' in fixed.read_text()
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(buggy), expected)
