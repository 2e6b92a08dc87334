"""An object handed to Ignite's `Engine(...)` is the process function: its class's
`__call__(self, engine, batch)` runs once per batch and is read as a step function, like a
plain function handed to `Engine`. A `__call__` that never clears (GF001) or clears between the
backward and the step (GF002), built right in the call (`Engine(Update(net, opt))`) or bound to
a name first (`update = Update(net, opt)`; `Engine(update)`): gradfix's fix is the hand fix's
text, trains exactly like it, and the buggy script trains otherwise."""

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
from ignite.engine import Engine

torch.manual_seed(0)
torch.set_num_threads(1)
LOSSES = []


class Update:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def __call__(self, engine, batch):
BODY
        return loss.item()


net = nn.Sequential(nn.Linear(5, 16), nn.Tanh(), nn.Linear(16, 1))
opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.5)
data = [(torch.randn(4, 5), torch.randn(4, 1)) for _ in range(4)]
ENGINE
trainer.run(data, max_epochs=3)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": LOSSES, "weights_sha256": digest.hexdigest()}))
'''

FORWARD = (
    "        x, y = batch\n"
    "        loss = F.mse_loss(self.model(x), y)\n"
    "        LOSSES.append(loss.item())\n"
)
BODIES = {
    # GF001: no clear at all; the fix clears at the top of `__call__`
    "GF001": (
        FORWARD + "        loss.backward()\n        self.optimizer.step()",
        "        self.optimizer.zero_grad(set_to_none=True)\n" + FORWARD + "        loss.backward()\n        self.optimizer.step()",
    ),
    # GF002: the clear between the backward and the step; the fix moves it before the forward
    "GF002": (
        FORWARD + "        loss.backward()\n        self.optimizer.zero_grad(set_to_none=True)\n        self.optimizer.step()",
        "        self.optimizer.zero_grad(set_to_none=True)\n" + FORWARD + "        loss.backward()\n        self.optimizer.step()",
    ),
}
ENGINES = {
    "built_in_the_call": "trainer = Engine(Update(net, opt))",
    "bound_to_a_name": "update = Update(net, opt)\ntrainer = Engine(update)",
}


@pytest.mark.parametrize("engine", sorted(ENGINES))
@pytest.mark.parametrize("rule", sorted(BODIES))
def test_callable_object_process_function_is_fixed_like_the_hand_fix(tmp_path: Path, rule: str, engine: str) -> None:
    buggy_body, hand_body = BODIES[rule]
    script = SCRIPT.replace("ENGINE", ENGINES[engine])
    assert_fixed_like_hand(tmp_path, script.replace("BODY", buggy_body), script.replace("BODY", hand_body), "--select", rule)
