"""GF029 on `self.scaler = torch.amp.GradScaler(...)` built at the top of each epoch in
`fit`, stepped with in another method of the class the batch loop calls on `self`
(`self.train_batch(x, y)`, or through a table of the class's methods,
`self.handlers[phase](x, y)`): each epoch starts again from the initial scale. With an
initial scale large enough to overflow float32, every epoch skips its first steps again. The
fix builds the scaler once, before the epoch loop; the fixed script trains exactly like the
hand fix (torch's CPU `GradScaler`), and not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.SGD(net.parameters(), lr=1e-4)
        self.handlers = {"train": self.train_batch, "eval": self.eval_batch}
        self.losses = []

    def fit(self, data, epochs):
        epoch = 0
BEFORE        while epoch < epochs:
INSIDE            for phase in ("train", "eval"):
                for x, y in data:
                    CALL
            epoch += 1

    def train_batch(self, x, y):
        self.opt.zero_grad(set_to_none=True)
        loss = F.mse_loss(self.net(x), y)
        self.scaler.scale(loss).backward()
        self.scaler.step(self.opt)
        self.scaler.update()
        self.losses.append(loss.item())

    def eval_batch(self, x, y):
        with torch.no_grad():
            self.losses.append(F.mse_loss(self.net(x), y).item())


def main():
    torch.manual_seed(0)
    torch.set_num_threads(1)
    net = torch.nn.Linear(4, 1)
    data = list(zip(torch.randn(12, 8, 4), torch.randn(12, 8, 1) * 100))
    trainer = Trainer(net)
    trainer.fit(data, 3)
    digest = hashlib.sha256()
    for param in net.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({"losses": trainer.losses, "weights_sha256": digest.hexdigest()}))


main()
'''

# gradients in the hundreds times 2**127 overflow float32: a fresh scaler skips its first steps while it halves
BUILD = 'self.scaler = torch.amp.GradScaler("cpu", init_scale=2.0**127)\n'


@pytest.mark.parametrize("call", ['self.train_batch(x, y) if phase == "train" else self.eval_batch(x, y)', 'self.handlers[phase](x, y)'])
def test_the_scaler_is_built_once_before_the_epochs(tmp_path: Path, call: str) -> None:
    script = SCRIPT.replace("CALL", call)
    buggy = script.replace("BEFORE", "").replace("INSIDE", "            " + BUILD)
    hand = script.replace("BEFORE", "        " + BUILD).replace("INSIDE", "")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF029")
