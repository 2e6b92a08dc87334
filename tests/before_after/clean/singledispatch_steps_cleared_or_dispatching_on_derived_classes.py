import dataclasses
import functools

import torch
import torch.nn as nn


@dataclasses.dataclass
class Sample:
    features: torch.Tensor
    target: torch.Tensor


@dataclasses.dataclass
class Flush:
    reason: str


@functools.singledispatch
def process(record, state):
    raise TypeError(f"cannot process {record!r}")


@process.register
def _(record: Sample, state):
    state["optimizer"].zero_grad(set_to_none=True)
    loss = nn.functional.mse_loss(state["net"](record.features), record.target)
    loss.backward()
    state["optimizer"].step()


@process.register
def _(record: Flush, state):
    state["log"].append(record.reason)


def train(net, pairs):
    state = {"net": net, "optimizer": torch.optim.Adam(net.parameters(), lr=1e-3), "log": []}
    for features, target in pairs:
        record = Sample(features, target)
        process(record, state)
        done = Flush("batch done")
        process(done, state)
    return state["log"]


class Event:
    pass


class Step(Event):
    def __init__(self, x, y):
        self.x, self.y = x, y


@functools.singledispatch
def on(event, model, opt):
    return None


@on.register
def _(event: Step, model, opt):
    opt.zero_grad()
    nn.functional.mse_loss(model(event.x), event.y).backward()
    opt.step()


def run(model, opt, pairs):
    for x, y in pairs:
        event = Step(x, y)
        on(event, model, opt)
