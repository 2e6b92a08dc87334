"""GF025: a scheduler built again on every iteration of the loop that steps it starts its
schedule over each time. The fixed script (the construction moved before the loop) trains
exactly like a hand fix, and the buggy script trains otherwise (its rates never follow the
schedule). One of them is built through `functools.partial` (`decay = partial(MultiStepLR, ...)`);
one is a `SequentialLR` rebuilt with its parts (three statements moved together)."""

from __future__ import annotations

from pathlib import Path

from .harness import apply_gradfix, assert_same_training, run_script, training_differences

SCRIPT = '''import hashlib
import json
from functools import partial

import torch
import torch.nn.functional as F
from torch.optim import lr_scheduler

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), torch.randn(32, 2)
EPOCHS = 6
decay = partial(lr_scheduler.MultiStepLR, milestones=[2, 3], gamma=0.5)


def batches():
    for i in range(0, 32, 8):
        yield X[i : i + 8], Y[i : i + 8]


class Trainer:
    def __init__(self, net):
        self.net = net
        self.optimizer = torch.optim.SGD(self.net.parameters(), lr=0.1, momentum=0.9)

    def fit(self, losses):
        epoch = 0
{trainer_before}        while epoch < EPOCHS:
{trainer_inside}            for x, y in batches():
                self.optimizer.zero_grad()
                loss = F.mse_loss(self.net(x), y)
                loss.backward()
                self.optimizer.step()
                losses.append(loss.item())
            self.scheduler.step()
            epoch += 1


model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
losses = []
Trainer(model).fit(losses)
optimizer = torch.optim.Adam(model.parameters(), lr=0.05)
{loop_before}for epoch in range(EPOCHS):
{loop_inside}    for x, y in batches():
        optimizer.zero_grad()
        loss = F.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    cosine.step()
    steps.step()
    plateau.step(1.0)  # a loss that never improves: the plateau halves the rate every other epoch

digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

TRAINER = "self.scheduler = lr_scheduler.StepLR(self.optimizer, step_size=2, gamma=0.5)\n"
LOOP = (
    "# the cosine schedule over all epochs\n"
    "cosine = lr_scheduler.CosineAnnealingLR(optimizer, T_max=EPOCHS)\n"
    "plateau = lr_scheduler.ReduceLROnPlateau(optimizer, factor=0.5, patience=1)\n"
    "steps = decay(optimizer)\n"
)


def _indented(text: str, spaces: int) -> str:
    return "".join(" " * spaces + line + "\n" for line in text.splitlines())


BUGGY = SCRIPT.format(trainer_before="", trainer_inside=_indented(TRAINER, 12), loop_before="", loop_inside=_indented(LOOP, 4))
HAND = SCRIPT.format(trainer_before=_indented(TRAINER, 8), trainer_inside="", loop_before=LOOP, loop_inside="")


def test_schedulers_built_once_before_the_loop_train_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = tmp_path / "buggy" / "train.py"
    hand = tmp_path / "hand" / "train.py"
    for path, text in ((buggy, BUGGY), (hand, HAND)):
        path.parent.mkdir()
        path.write_text(text)
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF025")
    assert fixed.read_text() == HAND
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(buggy), expected)


ONE_CYCLE = '''import hashlib
import json

import torch
import torch.nn.functional as F
from torch.optim.lr_scheduler import OneCycleLR

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), torch.randn(32, 2)
EPOCHS = 4
loader = [(X[i : i + 8], Y[i : i + 8]) for i in range(0, 32, 8)]
model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
losses = []
{before}for epoch in range(EPOCHS):
{inside}    for x, y in loader:
        optimizer.zero_grad()
        loss = F.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        scheduler.step()
        losses.append(loss.item())

digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
CYCLE = "scheduler = OneCycleLR(optimizer, max_lr=0.2, epochs=EPOCHS, steps_per_epoch=len(loader))\n"


def test_a_one_cycle_over_all_epochs_built_once_trains_like_the_hand_fix(tmp_path: Path) -> None:
    """A one-cycle schedule over every epoch's batches, stepped per batch but built in the epoch
    loop, runs its first epoch's part again and again; built once, it runs the whole cycle."""
    buggy = tmp_path / "buggy" / "train.py"
    hand = tmp_path / "hand" / "train.py"
    for path, text in ((buggy, ONE_CYCLE.format(before="", inside="    " + CYCLE)), (hand, ONE_CYCLE.format(before=CYCLE, inside=""))):
        path.parent.mkdir()
        path.write_text(text)
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF025")
    assert fixed.read_text() == hand.read_text()
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(buggy), expected)


def test_a_one_cycle_over_all_epochs_built_in_the_batch_loop_moves_before_the_epoch_loop(tmp_path: Path) -> None:
    """Built in the batch loop, the one-cycle schedule over every epoch's batches (its length
    written `4 * len(loader)`) goes before the epoch loop, not before the batch loop (where it
    would start over each epoch)."""
    buggy = tmp_path / "buggy" / "train.py"
    hand = tmp_path / "hand" / "train.py"
    cycle = "scheduler = OneCycleLR(optimizer, max_lr=0.2, total_steps=4 * len(loader))\n"
    in_batches = ONE_CYCLE.format(before="", inside="").replace("    for x, y in loader:\n", "    for x, y in loader:\n        " + cycle, 1)
    for path, text in ((buggy, in_batches), (hand, ONE_CYCLE.format(before=cycle, inside=""))):
        path.parent.mkdir()
        path.write_text(text)
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF025")
    assert fixed.read_text() == hand.read_text()
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(buggy), expected)


COMPOSITE = '''import hashlib
import json

import torch
import torch.nn.functional as F
from torch.optim import lr_scheduler

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), torch.randn(32, 2)
EPOCHS = 6
loader = [(X[i : i + 8], Y[i : i + 8]) for i in range(0, 32, 8)]
model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
losses = []
{before}for epoch in range(EPOCHS):
{inside}    for x, y in loader:
        optimizer.zero_grad()
        loss = F.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    scheduler.step()

digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
PARTS = (
    "warmup = lr_scheduler.LinearLR(optimizer, start_factor=0.2, total_iters=2)\n"
    "decay = lr_scheduler.CosineAnnealingLR(optimizer, T_max=EPOCHS - 2)\n"
    "scheduler = lr_scheduler.SequentialLR(optimizer, schedulers=[warmup, decay], milestones=[2])\n"
)


def test_a_sequential_schedule_rebuilt_with_its_parts_moves_with_them(tmp_path: Path) -> None:
    """A `SequentialLR` and the two schedules it is made of, all three built again in the epoch
    loop, never leave the warm-up; the three statements moved before the loop, in order, train
    like the hand fix."""
    buggy = tmp_path / "buggy" / "train.py"
    hand = tmp_path / "hand" / "train.py"
    for path, text in ((buggy, COMPOSITE.format(before="", inside=_indented(PARTS, 4))), (hand, COMPOSITE.format(before=PARTS, inside=""))):
        path.parent.mkdir()
        path.write_text(text)
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF025")
    assert fixed.read_text() == hand.read_text()
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(buggy), expected)
