import types
from dataclasses import dataclass
from functools import singledispatch

import torch
import torch.nn.functional as F

WINDOW = 4


@dataclass(frozen=True)
class MicroBatch:
    pass_no: int
    step: int
    features: torch.Tensor
    labels: torch.Tensor


@dataclass(frozen=True)
class PassEnd:
    pass_no: int


def feed(loader, passes):
    pass_no = 0
    while pass_no < passes:
        for step, (features, labels) in enumerate(loader):
            yield MicroBatch(pass_no, step, features, labels)
        yield PassEnd(pass_no)
        pass_no += 1


@singledispatch
def react(item, ctx):
    raise TypeError(item)


@react.register(MicroBatch)
def _(item, ctx):
    pass_no, step, features, labels = item.pass_no, item.step, item.features, item.labels
    loss = F.cross_entropy(ctx.model(features), labels) / WINDOW
    loss.backward()
    if (step + 1) % WINDOW == 0:
        ctx.optimizer.step()
        ctx.optimizer.zero_grad()


@react.register(PassEnd)
def _(item, ctx):
    ctx.log.append(item.pass_no)


def run(model, loader):
    ctx = types.SimpleNamespace(model=model, optimizer=torch.optim.Adam(model.parameters(), 1e-3), log=[])
    for item in feed(loader, 3):
        react(item, ctx)
    return ctx.log
