"""GF017 when the training loop evaluates in either arm of an `if` (`if first: score(model,
full=True)` / `else: score(model)`), each helper switching the module to eval mode. One
iteration runs one arm, so neither evaluation covers the other: gradfix switches the module
back in each arm (base fixed only the last arm, and the first evaluation still left dropout
off). The fixed script trains exactly like the hand fix, not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import hashlib
import json

import torch

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(24, 4), torch.randn(24, 1)
seen = []
'''

METHOD = '''

class Fitter:
    def __init__(self):
        self.net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Dropout(0.5), torch.nn.Linear(8, 1))

    def score(self, full=False):
        self.net.eval()
        with torch.no_grad():
            loss = torch.nn.functional.mse_loss(self.net(X), Y).item()
        return (loss, loss) if full else loss

    def fit(self, steps):
        opt = torch.optim.SGD(self.net.parameters(), lr=0.05, momentum=0.9)
        first = None
        for step in range(steps):
            i = (step % 4) * 6
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(self.net(X[i : i + 6]), Y[i : i + 6])
            loss.backward()
            opt.step()
            seen.append(loss.item())
            if step % 3 == 2:
                if first is None:
                    current, first = self.score(full=True)
RESTORE                else:
                    current = self.score()
RESTORE

fitter = Fitter()
fitter.fit(12)
model = fitter.net
'''

FUNCTION = '''

def full_check(net):
    net.eval()
    with torch.no_grad():
        return torch.nn.functional.mse_loss(net(X), Y).item()


def quick_check(net):
    net.eval()
    with torch.no_grad():
        return torch.nn.functional.mse_loss(net(X[:6]), Y[:6]).item()


model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Dropout(0.5), torch.nn.Linear(8, 1))
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
step = 0
while step < 12:
    for i in range(0, 24, 12):
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(X[i : i + 12]), Y[i : i + 12])
        loss.backward()
        optimizer.step()
        seen.append(loss.item())
        step += 1
    if step % 4 == 0:
        full_check(model)
RESTORE    elif step % 2 == 0:
        quick_check(model)
RESTORE'''

TAIL = '''digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": seen, "weights_sha256": digest.hexdigest()}))
'''


@pytest.mark.parametrize("shape", ["method", "function"])
def test_the_module_is_switched_back_in_each_arm(shape: str, tmp_path: Path) -> None:
    body, restore = (METHOD, "                    self.net.train()\n") if shape == "method" else (FUNCTION, "        model.train()\n")
    buggy = HEAD + body.replace("RESTORE", "") + TAIL
    hand = HEAD + body.replace("RESTORE", restore) + TAIL
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
