"""GF017 with Ignite's own engines: `create_supervised_evaluator(model)` runs `model.eval()` at
each batch and never switches back. Run from the `EPOCH_COMPLETED` handler of a hand-written
`Engine(update)` that never calls `model.train()`, or at the end of each pass of a hand loop, it
leaves the next epochs training with the dropout off. The fix (`model.train()` at the end of the
handler, or at the top of the pass) trains exactly like the hand fix; the buggy script otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")
pytest.importorskip("ignite")

HEAD = '''import hashlib
import json

import torch
import torch.nn.functional as F
from torch import nn
from ignite.engine import Engine, Events, create_supervised_evaluator

torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(5, 16), nn.Dropout(0.4), nn.Tanh(), nn.Linear(16, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
data = [(torch.randn(4, 5), torch.randn(4, 1)) for _ in range(3)]
val = [(torch.randn(4, 5), torch.randn(4, 1)) for _ in range(2)]
losses = []
evaluator = create_supervised_evaluator(model)
'''

TAIL = '''digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

HANDLER = HEAD + '''

def update(engine, batch):
    x, y = batch
    opt.zero_grad(set_to_none=True)
    loss = F.mse_loss(model(x), y)
    losses.append(loss.item())
    loss.backward()
    opt.step()


trainer = Engine(update)


@trainer.on(Events.EPOCH_COMPLETED)
def validate(engine):
    evaluator.run(val)
BACK

trainer.run(data, max_epochs=3)
''' + TAIL

LOOP = HEAD + '''for epoch in range(3):
BACK
    for x, y in data:
        opt.zero_grad(set_to_none=True)
        loss = F.mse_loss(model(x), y)
        losses.append(loss.item())
        loss.backward()
        opt.step()
    evaluator.run(val)
''' + TAIL


def test_evaluator_run_in_an_epoch_handler_is_switched_back(tmp_path: Path) -> None:
    buggy = HANDLER.replace("BACK\n", "")
    hand = HANDLER.replace("BACK", "    model.train()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")


def test_evaluator_run_at_the_end_of_each_pass_is_switched_back(tmp_path: Path) -> None:
    buggy = LOOP.replace("BACK\n", "")
    hand = LOOP.replace("BACK", "    model.train()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
