"""GF030 through a factory: an optimizer bound on every iteration to what a function of the
module (`opt = adam_for(net, LR)`, `return torch.optim.Adam(...)`), a method of the loop's
class (`self.optimizer = self._optimizer()`, binding a local then returning it, in the batch
loop of an epoch loop: moved before the epoch loop) or a method of
a builder object (`opt = factory.create()` in a `while` loop) hands back: a new optimizer per
step, Adam's moments and SGD's momentum thrown away. The fix moves the call before the loop;
the fixed script trains exactly like the hand fix (losses and weights) and not like the buggy
one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(24, 5), torch.randn(24, 2)
LR = 0.01
loader = [(X[i : i + 6], Y[i : i + 6]) for i in range(0, 24, 6)]
losses = []


def adam_for(network, rate):
    return torch.optim.Adam(network.parameters(), lr=rate)


class Trainer:
    def __init__(self, net):
        self.net = net

    def _optimizer(self):
        built = torch.optim.RMSprop(self.net.parameters(), lr=0.01)
        return built

    def fit(self, epochs):
{trainer_before}        for epoch in range(epochs):
            for x, y in loader:
{trainer_inside}                self.optimizer.zero_grad()
                loss = F.mse_loss(self.net(x), y)
                loss.backward()
                self.optimizer.step()
                losses.append(loss.item())


class OptimFactory:
    def __init__(self, model):
        self.model = model

    def create(self):
        return torch.optim.SGD(self.model.parameters(), lr=0.05, momentum=0.9)


def run(model, steps):
    factory = OptimFactory(model)
    done = 0
{run_before}    while done < steps:
        x, y = loader[done % len(loader)]
{run_inside}        opt.zero_grad()
        loss = F.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        losses.append(loss.item())
        done += 1


model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
{loop_before}for epoch in range(3):
    for x, y in loader:
{loop_inside}        optimizer.zero_grad()
        loss = F.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())

second = torch.nn.Linear(5, 2)
Trainer(second).fit(2)
third = torch.nn.Linear(5, 2)
run(third, 10)

digest = hashlib.sha256()
for param in [*model.parameters(), *second.parameters(), *third.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

LOOP = "optimizer = adam_for(model, LR)\n"
TRAINER = "self.optimizer = self._optimizer()\n"
RUN = "opt = factory.create()\n"


def _indented(text: str, spaces: int) -> str:
    return " " * spaces + text


BUGGY = SCRIPT.format(
    loop_before="", loop_inside=_indented(LOOP, 8),
    trainer_before="", trainer_inside=_indented(TRAINER, 16),
    run_before="", run_inside=_indented(RUN, 8),
)  # fmt: skip
HAND = SCRIPT.format(
    loop_before=LOOP, loop_inside="",
    trainer_before=_indented(TRAINER, 8), trainer_inside="",
    run_before=_indented(RUN, 4), run_inside="",
)  # fmt: skip


def test_optimizers_from_factories_built_once_train_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, BUGGY, HAND, "--select", "GF030")
