"""GF017 with Ignite's own engines when the process function is a method of a trainer class
(`trainer = Engine(self.step)` in another method, the handler nested there): an
`EPOCH_COMPLETED` handler that runs `create_supervised_evaluator(self.model)` or calls
`self.model.eval()` itself, and never `self.model.train()`, leaves the next epochs training with
the dropout off. The fix (`self.model.train()` at the end of the handler) trains exactly like the
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
