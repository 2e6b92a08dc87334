"""GF017 with Ignite's own engines when the process function is a method of a trainer class
(`trainer = Engine(self.step)` in another method, the handler nested there): an
`EPOCH_COMPLETED` handler that runs `create_supervised_evaluator(self.model)` or calls
`self.model.eval()` itself, and never `self.model.train()`, leaves the next epochs training with
the dropout off; also an engine over a method of an object built at the top level
(`Engine(stepper.step)`, `stepper = Stepper(net, 0.1)`). The fix (`self.model.train()`, or
`net.train()`, at the end of the handler) trains exactly like the
hand fix; the buggy script otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")
pytest.importorskip("ignite")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F
from torch import nn
from ignite.engine import Engine, Events, create_supervised_evaluator

torch.manual_seed(0)
torch.set_num_threads(1)


class Runner:
    def __init__(self, net, data, val):
        self.model = net
        self.opt = torch.optim.SGD(net.parameters(), lr=0.1)
        self.data = data
        self.val = val
        self.losses = []

    def step(self, engine, batch):
        x, y = batch
        self.opt.zero_grad(set_to_none=True)
        loss = F.mse_loss(self.model(x), y)
        self.losses.append(loss.item())
        loss.backward()
        self.opt.step()

    def fit(self, epochs):
        trainer = Engine(self.step)
        evaluator = create_supervised_evaluator(self.model)

        @trainer.on(Events.EPOCH_COMPLETED)
        def validate(engine):
VALIDATE
BACK

        trainer.run(self.data, max_epochs=epochs)


net = nn.Sequential(nn.Linear(5, 16), nn.Dropout(0.4), nn.Tanh(), nn.Linear(16, 1))
runner = Runner(net, [(torch.randn(4, 5), torch.randn(4, 1)) for _ in range(3)], [(torch.randn(4, 5), torch.randn(4, 1)) for _ in range(2)])
runner.fit(3)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": runner.losses, "weights_sha256": digest.hexdigest()}))
'''

VALIDATIONS = {
    "supervised_evaluator": "            evaluator.run(self.val)",
    "eval_by_hand": (
        "            self.model.eval()\n"
        "            with torch.no_grad():\n"
        "                for x, y in self.val:\n"
        "                    F.mse_loss(self.model(x), y)"
    ),
}


@pytest.mark.parametrize("validation", sorted(VALIDATIONS))
def test_handler_of_an_engine_over_a_method_is_switched_back(tmp_path: Path, validation: str) -> None:
    script = SCRIPT.replace("VALIDATE", VALIDATIONS[validation])
    buggy = script.replace("BACK\n", "")
    hand = script.replace("BACK", "            self.model.train()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")


OBJECT_SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F
from torch import nn
from ignite.engine import Engine, Events, create_supervised_evaluator

torch.manual_seed(0)
torch.set_num_threads(1)
LOSSES = []


class Stepper:
    def __init__(self, model, lr):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=lr)

    def step(self, engine, batch):
        x, y = batch
        self.opt.zero_grad(set_to_none=True)
        loss = F.mse_loss(self.model(x), y)
        LOSSES.append(loss.item())
        loss.backward()
        self.opt.step()


net = nn.Sequential(nn.Linear(5, 16), nn.Dropout(0.4), nn.Tanh(), nn.Linear(16, 1))
data = [(torch.randn(4, 5), torch.randn(4, 1)) for _ in range(3)]
val = [(torch.randn(4, 5), torch.randn(4, 1)) for _ in range(2)]
stepper = Stepper(net, 0.1)
trainer = Engine(stepper.step)
evaluator = create_supervised_evaluator(net)


@trainer.on(Events.EPOCH_COMPLETED)
def validate(engine):
VALIDATE
BACK


trainer.run(data, max_epochs=3)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": LOSSES, "weights_sha256": digest.hexdigest()}))
'''

OBJECT_VALIDATIONS = {
    "supervised_evaluator": "    evaluator.run(val)",
    "eval_by_hand": "    net.eval()\n    with torch.no_grad():\n        for x, y in val:\n            F.mse_loss(net(x), y)",
}


@pytest.mark.parametrize("validation", sorted(OBJECT_VALIDATIONS))
def test_handler_of_an_engine_over_a_method_of_an_object_is_switched_back(tmp_path: Path, validation: str) -> None:
    """`trainer = Engine(stepper.step)` with `stepper = Stepper(net, 0.1)` at the module's top
    level: the evaluator (Ignite's `create_supervised_evaluator(net)` calls `net.eval()` at every
    batch and never switches back) or the handler's own `net.eval()` leaves the later epochs
    training `self.model`, the same module, with the dropout off."""
    script = OBJECT_SCRIPT.replace("VALIDATE", OBJECT_VALIDATIONS[validation])
    buggy = script.replace("BACK\n", "")
    hand = script.replace("BACK", "    net.train()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
