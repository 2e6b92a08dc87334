"""GF018 with the criterion reached through program shapes: a parameter of the factory that
builds the step closure (`make_step(net, nn.CrossEntropyLoss())`, the closure calling
`loss_fn(...)`), and a field of a `@dataclass` training state (`state.criterion(...)`, the state
built with the loss by keyword or by position, handed to an epoch function or used where it is
built). The softmax before the loss is dropped, and the fixed script trains exactly like the
hand fix (the buggy one, on probabilities, trains otherwise)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import hashlib
import json
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
data = [(torch.randn(16, 4), torch.randint(0, 3, (16,))) for _ in range(10)]
losses = []
'''
TAIL = '''
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

SHAPES = {
    # a factory returning one closure, driven by a `while` loop with a counter
    "factory": '''

def make_step(net, loss_fn):
    opt = torch.optim.SGD(net.parameters(), lr=0.2, momentum=0.9)

    def one_batch(x, y):
        opt.zero_grad()
        {activation}
        loss = loss_fn(out, y)
        loss.backward()
        opt.step()
        return loss.item()

    return one_batch


model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 3))
step = make_step(model, nn.CrossEntropyLoss(label_smoothing=0.1))
n = 0
while n < 30:
    x, y = data[n % len(data)]
    losses.append(step(x, y))
    n += 1
''',
    # a factory returning a tuple of closures, the criterion a name bound before the call
    "factory_tuple": '''

def make_train_step(net, criterion):
    opt = torch.optim.Adam(net.parameters(), lr=1e-2)

    def step(x, y):
        opt.zero_grad()
        {activation}
        loss = criterion(out, y)
        loss.backward()
        opt.step()
        return loss.item()

    def report():
        return len(losses)

    return step, report


def main(net):
    crit = nn.CrossEntropyLoss()
    step, report = make_train_step(net, crit)
    for epoch in range(3):
        for x, y in data:
            losses.append(step(x, y))
    report()


model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 3))
main(model)
''',
    # a dataclass state handed to an epoch function (annotated), the loss given by keyword
    "dataclass_keyword": '''

@dataclass
class TrainState:
    model: nn.Module
    opt: object = None
    criterion: object = None
    history: list = field(default_factory=list)


def init_state(net) -> TrainState:
    state = TrainState(model=net, criterion=nn.CrossEntropyLoss())
    state.opt = torch.optim.SGD(state.model.parameters(), lr=0.2, momentum=0.9)
    return state


def train_epoch(state: TrainState, epoch: int) -> TrainState:
    for x, y in data:
        state.opt.zero_grad()
        {activation}
        loss = state.criterion(out, y)
        loss.backward()
        state.opt.step()
        state.history.append(loss.item())
    return state


model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 3))
state = init_state(model)
for epoch in range(3):
    state = train_epoch(state, epoch)
losses.extend(state.history)
''',
    # a dataclass state built and used in one function, the loss given by position
    "dataclass_positional": '''

@dataclass
class Run:
    model: nn.Module
    loss: object = None
    opt: object = None


def fit(net):
    run = Run(net, nn.CrossEntropyLoss(label_smoothing=0.05))
    run.opt = torch.optim.SGD(run.model.parameters(), lr=0.2)
    for epoch in range(3):
        for x, y in data:
            run.opt.zero_grad()
            {activation}
            loss = run.loss(out, y)
            loss.backward()
            run.opt.step()
            losses.append(loss.item())


model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 3))
fit(model)
''',
}

MODEL_CALL = {"factory": "net(x)", "factory_tuple": "net(x)", "dataclass_keyword": "state.model(x)", "dataclass_positional": "run.model(x)"}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_the_criterion_of_the_shape_receives_the_logits_after_the_fix(tmp_path: Path, shape: str) -> None:
    call = MODEL_CALL[shape]
    buggy = HEAD + SHAPES[shape].replace("{activation}", f"out = F.softmax({call}, dim=1)") + TAIL
    hand = HEAD + SHAPES[shape].replace("{activation}", f"out = {call}") + TAIL
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF018")
