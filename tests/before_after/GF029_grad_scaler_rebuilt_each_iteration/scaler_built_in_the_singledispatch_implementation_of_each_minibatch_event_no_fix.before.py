from dataclasses import dataclass
from functools import singledispatch

import torch


@dataclass
class EpochStart:
    number: int


@dataclass
class Minibatch:
    inputs: torch.Tensor
    targets: torch.Tensor


def schedule(loader, epochs):
    for number in range(epochs):
        yield EpochStart(number)
        for inputs, targets in loader:
            yield Minibatch(inputs, targets)


@singledispatch
def apply_event(event, trainer):
    pass


@apply_event.register
def _(event: Minibatch, trainer):
    amp = torch.amp.GradScaler("cuda")
    trainer.optim.zero_grad()
    with torch.autocast("cuda", dtype=torch.float16):
        loss = torch.nn.functional.cross_entropy(trainer.net(event.inputs), event.targets)
    amp.scale(loss).backward()
    amp.step(trainer.optim)
    amp.update()


def train(trainer, loader):
    for event in schedule(loader, 5):
        apply_event(event, trainer)
