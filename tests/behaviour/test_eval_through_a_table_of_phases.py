"""GF017 through a table of phases (the lead's blind script f11): a class's `__init__` binds
`self.phases = {"train": self.train_epoch, "val": self.evaluate}` (or `dict(...)`), or the module
binds `HANDLERS = {"train": train_epoch, "val": evaluate}`, and an epoch loop runs each phase
through the table (`for name in ("train", "val"): loop.phases[name](loader)`, in a method as
`self.handlers[phase](...)`), or a function binds a table of the closures it defines
(`phases = {"train": train_fn, "val": eval_fn}`, in a `while` loop), or the key is handed in
as a parameter of the method calling the table (`def dispatch(self, stage):
self.steps[stage]()`, called `self.dispatch(stage="probe")`, or `self.dispatch(name)` in `for name in ("fit",
"probe"):`). The evaluation puts the model in eval mode and nothing switches
back, so every epoch after the first trains with the dropout off. gradfix's fix (`<model>.train()`
after the call) is the hand fix's text, trains exactly like it, and the buggy script trains
otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import hashlib
import json

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
LOSSES = []
'''

TAIL = '''
digest = hashlib.sha256()
for param in NET.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": LOSSES, "weights_sha256": digest.hexdigest()}))
'''

OBJECT = '''

class Loop:
    def __init__(self):
        self.model = nn.Sequential(nn.Linear(6, 24), nn.Dropout(0.4), nn.ReLU(), nn.Linear(24, 3))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.1)
        self.phases = {"train": self.train_epoch, "val": self.evaluate}

    def train_epoch(self, data):
        for x, y in data:
            self.opt.zero_grad(set_to_none=True)
            loss = F.cross_entropy(self.model(x), y)
            LOSSES.append(loss.item())
            loss.backward()
            self.opt.step()

    def evaluate(self, data):
        self.model.eval()
        with torch.no_grad():
            return sum(F.cross_entropy(self.model(x), y).item() for x, y in data)


loop = Loop()
batches = [(torch.randn(8, 6), torch.randint(0, 3, (8,))) for _ in range(3)]
for epoch in range(3):
    for name in ("train", "val"):
        loop.phases[name](batches)
BACK
NET = loop.model
'''

METHOD = '''

class Trainer:
    def __init__(self, batches):
        self.net = nn.Sequential(nn.Linear(5, 16), nn.Dropout(0.3), nn.Tanh(), nn.Linear(16, 1))
        self.adam = torch.optim.Adam(self.net.parameters(), lr=1e-2)
        self.batches = batches
        self.handlers = dict(fit=self.fit_epoch, check=self.check)

    def fit_epoch(self, batches):
        for inputs, targets in batches:
            self.adam.zero_grad(set_to_none=True)
            loss = F.mse_loss(self.net(inputs), targets)
            LOSSES.append(loss.item())
            loss.backward()
            self.adam.step()

    def check(self, batches):
        self.net.eval()
        with torch.no_grad():
            return [F.mse_loss(self.net(x), y).item() for x, y in batches]

    def run(self, rounds):
        done = 0
        while done < rounds:
            for phase in ("fit", "check"):
                self.handlers[phase](self.batches)
BACK            done += 1


trainer = Trainer([(torch.randn(4, 5), torch.randn(4, 1)) for _ in range(3)])
trainer.run(3)
NET = trainer.net
'''

FUNCTIONS = '''
NET = nn.Sequential(nn.Linear(6, 20), nn.Dropout(0.5), nn.ReLU(), nn.Linear(20, 2))
sgd = torch.optim.SGD(NET.parameters(), lr=0.05, momentum=0.9)
data = [(torch.randn(8, 6), torch.randint(0, 2, (8,))) for _ in range(3)]


def learn(loader):
    for x, y in loader:
        sgd.zero_grad(set_to_none=True)
        loss = F.cross_entropy(NET(x), y)
        LOSSES.append(loss.item())
        loss.backward()
        sgd.step()


def score(loader):
    NET.eval()
    with torch.no_grad():
        return [NET(x).argmax(1) for x, _ in loader]


HANDLERS = {"learn": learn, "score": score}
for epoch in range(3):
    HANDLERS["learn"](data)
    HANDLERS["score"](data)
BACK'''

CLOSURES = '''
NET = nn.Sequential(nn.Linear(6, 20), nn.Dropout(0.5), nn.ReLU(), nn.Linear(20, 2))


def fit(model, loader, rounds):
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)

    def train_fn(batches):
        for x, y in batches:
            opt.zero_grad(set_to_none=True)
            loss = F.cross_entropy(model(x), y)
            LOSSES.append(loss.item())
            loss.backward()
            opt.step()

    def eval_fn(batches):
        model.eval()
        with torch.no_grad():
            return [model(x).argmax(1) for x, _ in batches]

    phases = {"train": train_fn, "val": eval_fn}
    done = 0
    while done < rounds:
        for name in ("train", "val"):
            phases[name](loader)
BACK        done += 1


fit(NET, [(torch.randn(8, 6), torch.randint(0, 2, (8,))) for _ in range(3)], 3)
'''

HANDED = '''

class Engine:
    def __init__(self, batches):
        self.network = nn.Sequential(nn.Linear(6, 24), nn.Dropout(0.4), nn.ReLU(), nn.Linear(24, 3))
        self.batches = batches
        self.adam = torch.optim.Adam(self.network.parameters(), lr=1e-2)
        self.steps = dict(fit=self.fit_pass, probe=self.probe_pass)

    def fit_pass(self):
        for inputs, labels in self.batches:
            self.adam.zero_grad(set_to_none=True)
            loss = F.cross_entropy(self.network(inputs), labels)
            LOSSES.append(loss.item())
            loss.backward()
            self.adam.step()

    def probe_pass(self):
        self.network.train(False)
        with torch.no_grad():
            return sum(self.network(inputs).sum().item() for inputs, _ in self.batches)

    def dispatch(self, stage):
        return self.steps[stage]()

    def go(self, rounds):
        done = 0
        while done < rounds:
            self.dispatch(stage="fit")
            self.dispatch(stage="probe")
BACK            done += 1


engine = Engine([(torch.randn(8, 6), torch.randint(0, 3, (8,))) for _ in range(3)])
engine.go(3)
NET = engine.network
'''

HANDED_BY_A_FOR = HANDED.replace(
    '''            self.dispatch(stage="fit")
            self.dispatch(stage="probe")
BACK''',
    '''            for name in ("fit", "probe"):
                self.dispatch(name)
BACK''',
)

SHAPES = {
    "key_handed_in_as_a_parameter_of_the_calling_method": (HANDED, "            self.network.train()\n"),
    "key_handed_in_from_the_callers_for": (HANDED_BY_A_FOR, "                self.network.train()\n"),
    "table_of_closures_in_a_function_while_loop": (CLOSURES, "            model.train()\n"),
    "object_table_iterated_from_a_tuple": (OBJECT, "        loop.model.train()\n"),
    "dict_call_table_inside_a_method_while_loop": (METHOD, "                self.net.train()\n"),
    "module_function_table_with_constant_keys": (FUNCTIONS, "    NET.train()\n"),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_eval_through_a_table_of_phases_is_switched_back(tmp_path: Path, shape: str) -> None:
    body, back = SHAPES[shape]
    script = HEAD + body
    buggy = script.replace("BACK", "") + TAIL
    hand = script.replace("BACK", back) + TAIL
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
