"""GF017 when the model is handed to the trainer's `__init__` (`runner = Runner(net, batches)`,
`self.net = net`, its optimizer built there over the parameter: `SGD(net.parameters())`), or
built inline in the call (`Runner(nn.Sequential(...), batches)`), and the epoch loop, at module
level or in a function, calls a method that trains and one that evaluates (`self.net.eval()`,
nothing switching back); also with the model stored moved, `self.net = net.to(device)`, or
through a local of `__init__`, `m = net.to(device)`; `self.net = m`. Every epoch after the first trains with the dropout off. gradfix's
fix (`net.train()` / `runner.net.train()` after the evaluation) is the hand fix's text, trains
exactly like it, and the buggy script trains otherwise."""

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


class Runner:
    def __init__(self, net, batches, lr=0.1):
        self.net = net
        self.batches = batches
        self.opt = torch.optim.SGD(net.parameters(), lr=lr)

    def train_epoch(self):
        for x, y in self.batches:
            self.opt.zero_grad(set_to_none=True)
            loss = F.cross_entropy(self.net(x), y)
            LOSSES.append(loss.item())
            loss.backward()
            self.opt.step()

    def evaluate(self):
        self.net.eval()
        with torch.no_grad():
            return sum(F.cross_entropy(self.net(x), y).item() for x, y in self.batches)


batches = [(torch.randn(8, 6), torch.randint(0, 3, (8,))) for _ in range(3)]
'''

TAIL = '''
digest = hashlib.sha256()
for param in NET.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": LOSSES, "weights_sha256": digest.hexdigest()}))
'''

HANDED = '''
NET = nn.Sequential(nn.Linear(6, 24), nn.Dropout(0.4), nn.ReLU(), nn.Linear(24, 3))
runner = Runner(NET, batches)
for epoch in range(3):
    runner.train_epoch()
    runner.evaluate()
BACK'''

INLINE = '''
runner = Runner(nn.Sequential(nn.Linear(6, 24), nn.Dropout(0.4), nn.ReLU(), nn.Linear(24, 3)), batches)
epoch = 0
while epoch < 3:
    runner.train_epoch()
    runner.evaluate()
BACK    epoch += 1
NET = runner.net
'''

FUNCTION = '''

def fit(model, data, rounds):
    trainer = Runner(batches=data, net=model, lr=0.05)
    for _ in range(rounds):
        trainer.train_epoch()
        trainer.evaluate()
BACK

NET = nn.Sequential(nn.Linear(6, 16), nn.Dropout(0.5), nn.Tanh(), nn.Linear(16, 3))
fit(NET, batches, 3)
'''

SHAPES = {
    "handed_by_name_module_loop": (HANDED, "    NET.train()\n"),
    "built_inline_in_the_call_while_loop": (INLINE, "    runner.net.train()\n"),
    "handed_by_keyword_in_a_function": (FUNCTION, "        model.train()\n"),
}


STORED = {
    "plain": "        self.net = net\n",
    "moved": "        self.net = net.to(torch.device(\"cpu\"))\n",
    "moved_through_a_local": "        device = torch.device(\"cpu\")\n        m = net.to(device)\n        self.net = m\n",
}


@pytest.mark.parametrize("stored", sorted(STORED))
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_eval_in_a_method_of_a_trainer_handed_the_model_is_switched_back(tmp_path: Path, shape: str, stored: str) -> None:
    body, back = SHAPES[shape]
    script = HEAD.replace("        self.net = net\n", STORED[stored]) + body
    buggy = script.replace("BACK", "") + TAIL
    hand = script.replace("BACK", back) + TAIL
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
