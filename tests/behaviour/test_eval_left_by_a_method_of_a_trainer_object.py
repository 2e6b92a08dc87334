"""GF017 on a trainer object of the file (bound by `trainer = Trainer(...)`, or entered by `with
Runner(...) as runner:` whose `__enter__` returns itself) whose method the loop calls leaves the
network in eval mode: a `validate()` called between epochs, and an update method that scores
the batch with `train(False)` after the optimizer step. The fix switches the module the loop
handed to the object back to training mode after the call; the fixed script trains exactly like
the hand-fixed one (dropout on in every step), the buggy one otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEADER = '''import hashlib
import json

import torch
from torch import nn

LOSSES = []


def batches(seed, count):
    g = torch.Generator().manual_seed(seed)
    return [(torch.randn(6, 5, generator=g), torch.randint(0, 3, (6,), generator=g)) for _ in range(count)]


def report(net):
    digest = hashlib.sha256()
    for param in net.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({{"losses": LOSSES, "weights_sha256": digest.hexdigest()}}))


torch.manual_seed(0)
torch.set_num_threads(1)
network = nn.Sequential(nn.Linear(5, 12), nn.ReLU(), nn.Dropout(0.4), nn.Linear(12, 3))
'''

VALIDATE = HEADER + '''

class Trainer:
    def __init__(self, net, lr):
        self.net = net
        self.optimizer = torch.optim.SGD(self.net.parameters(), lr=lr, momentum=0.9)

    def fit_batch(self, inputs, targets):
        self.optimizer.zero_grad(set_to_none=True)
        loss = nn.functional.cross_entropy(self.net(inputs), targets)
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def validate(self, held_out):
        self.net.eval()
        with torch.no_grad():
            return sum(nn.functional.cross_entropy(self.net(a), b).item() for a, b in held_out)


def main(net, train_batches, val_batches):
    trainer = Trainer(net, 0.05)
    for epoch in range(3):
        for inputs, targets in train_batches:
            LOSSES.append(trainer.fit_batch(inputs, targets))
        LOSSES.append(trainer.validate(val_batches))
{restore}
main(network, batches(1, 4), batches(2, 2))
report(network)
'''

ENTERED = HEADER + '''

class Runner:
    def __init__(self, net):
        self.net = net

    def __enter__(self):
        self.opt = torch.optim.Adam(self.net.parameters(), lr=1e-2)
        return self

    def __exit__(self, *exc):
        return False

    def update(self, x, y):
        self.opt.zero_grad(set_to_none=True)
        loss = nn.functional.cross_entropy(self.net(x), y)
        loss.backward()
        self.opt.step()
        self.net.train(False)
        with torch.no_grad():
            score = nn.functional.cross_entropy(self.net(x), y).item()
        return loss.item(), score


def fit(net, data, epochs):
    with Runner(net) as runner:
        for epoch in range(epochs):
            step = 0
            while step < len(data):
                x, y = data[step]
                LOSSES.extend(runner.update(x, y))
{restore}                step += 1


fit(network, batches(3, 5), 2)
report(network)
'''


def test_validate_method_of_a_trainer_object(tmp_path: Path) -> None:
    buggy = VALIDATE.format(restore="\n")
    hand = VALIDATE.format(restore="        net.train()\n\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")


def test_update_method_of_an_entered_runner(tmp_path: Path) -> None:
    buggy = ENTERED.format(restore="")
    hand = ENTERED.format(restore="                net.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")


CALLABLE = HEADER + '''

class EpochRunner:
    """Called once per epoch: trains on the batches, then validates (and leaves eval mode on)."""

    def __init__(self, net):
        self.model = net
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.05, momentum=0.9)

    def score(self, held_out):
        self.model.eval()
        with torch.no_grad():
            return sum(nn.functional.cross_entropy(self.model(a), b).item() for a, b in held_out)

    def __call__(self, train_batches, val_batches):
        for inputs, targets in train_batches:
            self.opt.zero_grad()
            loss = nn.functional.cross_entropy(self.model(inputs), targets)
            loss.backward()
            self.opt.step()
            LOSSES.append(loss.item())
        return self.score(val_batches)


run_epoch = EpochRunner(network)
epoch = 0
while epoch < 3:
    LOSSES.append(run_epoch(batches(4, 4), batches(5, 2)))
{restore}    epoch += 1
report(network)
'''


def test_call_of_a_callable_epoch_runner(tmp_path: Path) -> None:
    # the object's `__call__` trains and then validates: its `self.model` is the network the
    # object was built over (`network`), switched back after the call (the fix) as by hand
    buggy = CALLABLE.format(restore="")
    hand = CALLABLE.format(restore="    network.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
