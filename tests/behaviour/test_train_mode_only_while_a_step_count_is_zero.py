"""GF017 when `train()` runs only while a step count the loop counts up is still zero (`if not
global_step:` in a method's `while` loop, `if steps_done == 0:` in a function's `for` loop) and
each epoch ends with an evaluation in eval mode: the epochs after the first train with the
dropout off. gradfix's fix (`<model>.train()` before the next epoch's batches) is the hand fix's
text, trains exactly like it (losses and weights), and the buggy script trains otherwise."""

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
batches = [(torch.randn(8, 6), torch.randint(0, 3, (8,))) for _ in range(3)]
'''

TAIL = '''
digest = hashlib.sha256()
for param in NET.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": LOSSES, "weights_sha256": digest.hexdigest()}))
'''

METHOD = '''

class Trainer:
    def __init__(self, net, data):
        self.net = net
        self.opt = torch.optim.SGD(self.net.parameters(), lr=0.1, momentum=0.9)
        self.data = data

    def run(self, epochs):
        global_step = 0
        epoch = 0
        while epoch < epochs:
            if not global_step:
                self.net.train()
BACK            for x, y in self.data:
                self.opt.zero_grad(set_to_none=True)
                loss = F.cross_entropy(self.net(x), y)
                LOSSES.append(loss.item())
                loss.backward()
                self.opt.step()
                global_step += 1
            self.net.eval()
            with torch.no_grad():
                sum(F.cross_entropy(self.net(x), y).item() for x, y in self.data)
            epoch += 1


NET = nn.Sequential(nn.Linear(6, 24), nn.Dropout(0.4), nn.ReLU(), nn.Linear(24, 3))
Trainer(NET, batches).run(3)
'''

FUNCTION = '''

def fit(model, data, epochs):
    adam = torch.optim.Adam(model.parameters(), lr=1e-2)
    steps_done = 0
    for _ in range(epochs):
        if steps_done == 0:
            model.train()
BACK        for x, y in data:
            adam.zero_grad(set_to_none=True)
            loss = F.cross_entropy(model(x), y)
            LOSSES.append(loss.item())
            loss.backward()
            adam.step()
            steps_done += 1
        model.eval()
        with torch.no_grad():
            sum(F.cross_entropy(model(x), y).item() for x, y in data)


NET = nn.Sequential(nn.Linear(6, 16), nn.Dropout(0.5), nn.Tanh(), nn.Linear(16, 3))
fit(NET, batches, 3)
'''

SHAPES = {
    "not_global_step_in_a_method_while_loop": (METHOD, "            self.net.train()\n"),
    "steps_done_equals_zero_in_a_function_for_loop": (FUNCTION, "        model.train()\n"),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_train_mode_set_only_while_the_count_is_zero_is_switched_back(tmp_path: Path, shape: str) -> None:
    body, back = SHAPES[shape]
    script = HEAD + body
    buggy = script.replace("BACK", "") + TAIL
    hand = script.replace("BACK", back) + TAIL
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
