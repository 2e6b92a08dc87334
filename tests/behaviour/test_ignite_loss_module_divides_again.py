"""GF016 on the loss handed to Ignite's builders as an instance of a `torch.nn.Module` class of
the file (variants66w's igproc miss): `create_supervised_trainer(..., WindowLoss(),
gradient_accumulation_steps=N)` and `supervised_training_step(...)` divide `loss_fn`'s value by
N themselves (tests/libraries/test_ignite.py::
test_supervised_training_step_divides_the_loss_function_s_value), so a `forward` returning
`loss / N` is divided twice. The fix removes the division from `forward`; the fixed script
trains exactly like the hand fix, the buggy one otherwise."""

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
from ignite.engine import Engine, Events, create_supervised_trainer, supervised_training_step

torch.manual_seed(0)
torch.set_num_threads(1)
ACCUM = 3


class WindowLoss(nn.Module):
    def forward(self, output, target):
        return F.mse_loss(output, target)DIVIDED


net = nn.Sequential(nn.Linear(5, 12), nn.Tanh(), nn.Linear(12, 1))
opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
data = [(torch.randn(4, 5), torch.randn(4, 1)) for _ in range(6)]
losses = []
BUILD
trainer.add_event_handler(Events.ITERATION_COMPLETED, lambda e: losses.append(e.state.output))
trainer.run(data, max_epochs=3)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

BUILDS = {
    "trainer": "trainer = create_supervised_trainer(net, opt, WindowLoss(), gradient_accumulation_steps=ACCUM)",
    "step": (
        "update = supervised_training_step(net, opt, loss_fn=WindowLoss(), gradient_accumulation_steps=ACCUM)\n"
        "trainer = Engine(update)"
    ),
}


@pytest.mark.parametrize("build", sorted(BUILDS))
def test_loss_module_dividing_by_the_window_fixed(tmp_path: Path, build: str) -> None:
    script = SCRIPT.replace("BUILD", BUILDS[build])
    assert_fixed_like_hand(tmp_path, script.replace("DIVIDED", " / ACCUM"), script.replace("DIVIDED", ""), "--select", "GF016")
