import dataclasses
import functools

import torch
import torch.nn as nn


@dataclasses.dataclass
class Sample:
    features: torch.Tensor
    target: torch.Tensor


@dataclasses.dataclass
class Marker:
    note: str


@functools.singledispatch
def process(record, state):
    raise TypeError(f"cannot process {record!r}")


@process.register(Sample)
def _(record, state):
    state["optimizer"].zero_grad(set_to_none=True)
    prediction = state["net"](record.features)
    loss = nn.functional.smooth_l1_loss(prediction, record.target)
    loss.backward()
    state["optimizer"].step()


@process.register
def _(record: Marker, state):
    state["notes"].append(record.note)


def stream(pairs):
    for number, (features, target) in enumerate(pairs):
        if number % 10 == 0:
            yield Marker(f"record {number}")
        yield Sample(features, target)


def train(net, pairs):
    state = {"net": net, "optimizer": torch.optim.AdamW(net.parameters(), lr=1e-3), "notes": []}
    for record in stream(pairs):
        process(record, state)
    return state["notes"]
