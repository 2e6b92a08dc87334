"""GF017 through closures a factory returns (variants64's builder shape): `make_trainer(model,
opt, loader)` defines `run_epoch()` and `evaluate()` over its arguments and returns them;
`run_epoch, evaluate = make_trainer(...)` and an epoch loop calling both. `evaluate()` (or the
end of the one closure returned) puts the model in eval mode and nothing switches back, so
every epoch after the first trains with the dropout off. Also a method factory
(`run_epoch, evaluate = self.make_steps(loader)` in the trainer's own `fit`, the closures
reading `self.net`, a `while` loop). gradfix's fix (`model.train()` after
the call, in the caller's names) is the hand fix's text, trains exactly like it, and the buggy
script trains otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import hashlib
import json
import sys

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
LOSSES = []
'''

TAIL = '''
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": LOSSES, "weights_sha256": digest.hexdigest()}))
'''

TUPLE = '''

def make_trainer(model, opt, loader, val):
    def run_epoch():
        for x, y in loader:
            opt.zero_grad(set_to_none=True)
            loss = F.cross_entropy(model(x), y)
            LOSSES.append(loss.item())
            loss.backward()
            opt.step()

    def evaluate():
        model.eval()
        with torch.no_grad():
            return sum(F.cross_entropy(model(x), y).item() for x, y in val)

    return run_epoch, evaluate


net = nn.Sequential(nn.Linear(6, 24), nn.Dropout(0.3), nn.ReLU(), nn.Linear(24, 3))
sgd = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.5)
data = [(torch.randn(8, 6), torch.randint(0, 3, (8,))) for _ in range(3)]
held = [(torch.randn(8, 6), torch.randint(0, 3, (8,)))]
train_part, check = make_trainer(net, sgd, data, held)
for epoch in range(3):
    train_part()
    print(epoch, check(), file=sys.stderr)
BACK'''

SINGLE = '''

def build_epoch(network, optimizer, batches, probe):
    def one_epoch():
        for inputs, targets in batches:
            optimizer.zero_grad(set_to_none=True)
            loss = F.mse_loss(network(inputs), targets)
            LOSSES.append(loss.item())
            loss.backward()
            optimizer.step()
        network.eval()
        with torch.no_grad():
            F.mse_loss(network(probe[0]), probe[1])

    return one_epoch


net = nn.Sequential(nn.Linear(5, 16), nn.Dropout(0.4), nn.Tanh(), nn.Linear(16, 1))
adam = torch.optim.Adam(net.parameters(), lr=1e-2)
data = [(torch.randn(4, 5), torch.randn(4, 1)) for _ in range(3)]
epoch_fn = build_epoch(net, adam, data, data[0])
done = 0
while done < 3:
    epoch_fn()
BACK    done += 1
'''

METHOD = '''

class Trainer:
    def __init__(self, network, batches):
        self.net = network
        self.batches = batches
        self.opt = torch.optim.SGD(network.parameters(), lr=0.1, momentum=0.5)

    def make_steps(self, held):
        def fit_once():
            for x, y in self.batches:
                self.opt.zero_grad(set_to_none=True)
                loss = F.cross_entropy(self.net(x), y)
                LOSSES.append(loss.item())
                loss.backward()
                self.opt.step()

        def score():
            self.net.eval()
            with torch.no_grad():
                return sum(F.cross_entropy(self.net(x), y).item() for x, y in held)

        return fit_once, score

    def fit(self, epochs, held):
        fit_once, score = self.make_steps(held)
        epoch = 0
        while epoch < epochs:
            fit_once()
            print(epoch, score(), file=sys.stderr)
BACK            epoch += 1


net = nn.Sequential(nn.Linear(6, 24), nn.Dropout(0.3), nn.ReLU(), nn.Linear(24, 3))
data = [(torch.randn(8, 6), torch.randint(0, 3, (8,))) for _ in range(3)]
Trainer(net, data).fit(3, data[:1])
'''

SHAPES = {
    "method_factory_in_the_fit_method_while_loop": (METHOD, "            self.net.train()\n"),
    "tuple_unpacked_under_other_names": (TUPLE, "    net.train()\n"),
    "single_closure_in_a_while_loop": (SINGLE, "    net.train()\n"),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_eval_in_a_factory_closure_is_switched_back(tmp_path: Path, shape: str) -> None:
    body, back = SHAPES[shape]
    script = HEAD + body
    buggy = script.replace("BACK", "") + TAIL
    hand = script.replace("BACK", back) + TAIL
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
