"""GF005 with an Ignite window written as an event filter: the process function only
backpropagates the full loss, and a handler of `Events.ITERATION_COMPLETED(event_filter=f)`,
`f` returning `iteration % N == 0` (a function of the module or a lambda), steps and clears.
Each step applies the sum of N full losses' gradients. The fix (`(loss / N).backward()`) trains
exactly like the hand fix; the buggy script otherwise."""

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
from ignite.engine import Engine, Events

torch.manual_seed(0)
torch.set_num_threads(1)
ACC = 3
net = torch.nn.Sequential(torch.nn.Linear(5, 12), torch.nn.Tanh(), torch.nn.Linear(12, 1))
opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
data = [(torch.randn(4, 5), torch.randn(4, 1)) for _ in range(6)]
losses = []
'''

TAIL = '''digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

NAMED = HEAD + '''

def closes_window(engine, n):
    return n % ACC == 0


def micro_step(engine, batch):
    x, y = batch
    loss = F.mse_loss(net(x), y)
    losses.append(loss.item())
    BACKWARD
    return loss.item()


trainer = Engine(micro_step)


@trainer.on(Events.ITERATION_COMPLETED(event_filter=closes_window))
def window_step(engine):
    opt.step()
    opt.zero_grad(set_to_none=True)


trainer.run(data, max_epochs=2)
''' + TAIL

LAMBDA = HEAD + '''

def micro_step(engine, batch):
    x, y = batch
    loss = F.mse_loss(net(x), y)
    losses.append(loss.item())
    BACKWARD
    return loss.item()


trainer = Engine(micro_step)


def window_step(engine):
    opt.step()
    opt.zero_grad(set_to_none=True)


trainer.add_event_handler(Events.ITERATION_COMPLETED(event_filter=lambda engine, it: it % ACC == 0), window_step)
trainer.run(data, max_epochs=2)
''' + TAIL


@pytest.mark.parametrize("script", [NAMED, LAMBDA], ids=["filter_function_of_the_module", "filter_lambda_add_event_handler"])
def test_event_filter_window_fix_trains_like_the_hand_fix(tmp_path: Path, script: str) -> None:
    buggy = script.replace("BACKWARD", "loss.backward()")
    hand = script.replace("BACKWARD", "(loss / ACC).backward()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005")
