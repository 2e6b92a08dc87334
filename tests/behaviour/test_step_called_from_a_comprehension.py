"""A step that backpropagates and steps without clearing, run once per batch by a
comprehension (`losses = [trainer.update(x, y) for x, y in batches]`, a dict comprehension in
a function): GF001 clears at the top of the step. The fixed script is the hand fix, trains
exactly like it, and the buggy one does not."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
batches = [(torch.randn(6, 5), torch.randn(6, 2)) for _ in range(6)]
'''
TAIL = '''
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

METHOD = HEAD + '''

class Learner:
    def __init__(self, net):
        self.net = net
        self.optimizer = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)

    def update(self, inputs, targets):
{clear}        loss = F.mse_loss(self.net(inputs), targets)
        loss.backward()
        self.optimizer.step()
        return loss.item()


learner = Learner(model)
losses = [learner.update(x, y) for x, y in batches]
''' + TAIL

FUNCTION = HEAD + '''opt = torch.optim.Adam(model.parameters(), lr=0.01)


def train_step(net, optimizer, batch):
{clear}    inputs, targets = batch
    loss = F.mse_loss(net(inputs), targets)
    loss.backward()
    optimizer.step()
    return loss.item()


def main():
    by_index = {i: train_step(model, opt, b) for i, b in enumerate(batches)}
    return [by_index[i] for i in sorted(by_index)]


losses = main()
''' + TAIL

CASES = {
    "method-in-a-list-comprehension": (METHOD, "        self.optimizer.zero_grad(set_to_none=True)\n"),
    "function-in-a-dict-comprehension": (FUNCTION, "    optimizer.zero_grad(set_to_none=True)\n"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_step_run_by_a_comprehension_fixed_like_the_hand_fix(tmp_path: Path, case: str) -> None:
    script, clear = CASES[case]
    buggy, hand = script.replace("{clear}", ""), script.replace("{clear}", clear)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")
