"""GF008 where a subclass's `__init__` calls the base's (which builds the optimizer over the
encoder) and then builds it again over the encoder and a decoder. Its `while` loop clears only
the encoder, so the decoder's gradients pile up. The fixed script (`--unsafe-fixes`: the clear
becomes `self.opt.zero_grad()`) trains like the hand fix, and the buggy one does not. The same
when the loop is the base's, calling a stub (`raise NotImplementedError`) that the subclass
overrides with the step: the clear is fixed in the override."""

from __future__ import annotations

from pathlib import Path

from .harness import assert_fixed_like_hand

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)


class Fitter:
    def __init__(self, encoder):
        self.encoder = encoder
        self.opt = torch.optim.SGD(encoder.parameters(), lr=0.05)


class WithDecoder(Fitter):
    def __init__(self, encoder, decoder):
        Fitter.__init__(self, encoder)
        self.decoder = decoder
        self.opt = torch.optim.SGD([*self.encoder.parameters(), *self.decoder.parameters()], lr=0.05)

    def fit(self, batches, budget=6):
        losses = []
        done = 0
        while done < budget:
            x = batches[done % len(batches)]
            {clear}.zero_grad()
            loss = nn.functional.mse_loss(self.decoder(self.encoder(x)), x)
            loss.backward()
            self.opt.step()
            losses.append(loss.item())
            done += 1
        return losses


runner = WithDecoder(nn.Linear(6, 3), nn.Linear(3, 6))
losses = runner.fit([torch.randn(8, 6) for _ in range(3)])
digest = hashlib.sha256()
for param in [*runner.encoder.parameters(), *runner.decoder.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_clear_of_the_optimizer_the_subclass_built_again(tmp_path: Path) -> None:
    assert_fixed_like_hand(
        tmp_path, SCRIPT.format(clear="self.encoder"), SCRIPT.format(clear="self.opt"), "--select", "GF008", "--unsafe-fixes"
    )


STUB = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)


class Learner:
    def __init__(self, body):
        self.body = body
        self.optim = torch.optim.SGD(self.body.parameters(), lr=0.05)

    def learn_on(self, x, y):
        raise NotImplementedError

    def loop(self, batches):
        losses = []
        for x, y in batches * 2:
            losses.append(self.learn_on(x, y))
        return losses


class HeadLearner(Learner):
    def __init__(self, body):
        super().__init__(body)
        self.top = nn.Linear(8, 3)
        self.optim = torch.optim.SGD([*self.body.parameters(), *self.top.parameters()], lr=0.05)

    def learn_on(self, x, y):
        {clear}.zero_grad()
        loss = nn.functional.cross_entropy(self.top(self.body(x)), y)
        loss.backward()
        self.optim.step()
        return loss.item()


learner = HeadLearner(nn.Linear(5, 8))
losses = learner.loop([(torch.randn(6, 5), torch.randint(0, 3, (6,))) for _ in range(3)])
digest = hashlib.sha256()
for param in [*learner.body.parameters(), *learner.top.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_clear_fixed_in_the_override_of_the_base_loops_stub(tmp_path: Path) -> None:
    assert_fixed_like_hand(
        tmp_path, STUB.format(clear="self.body"), STUB.format(clear="self.optim"), "--select", "GF008", "--unsafe-fixes"
    )
