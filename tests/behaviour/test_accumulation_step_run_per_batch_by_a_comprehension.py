"""GF005 and GF015 on a step function defined in the epoch loop and run once per batch by a
comprehension, a generator expression handed to `sum` or a `map` handed to `list`
(`costs.extend([one_batch(b) for b in loader])`): the loop model reads the comprehension as a
loop over its iterable, so the window the step counts is per batch, not per epoch. The fixed
scripts train exactly like the hand fixes, not like the buggy ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

COUNTER = '''import hashlib
import json

import torch

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(50, 4), torch.randn(50, 1)
loader = [(X[i : i + 5], Y[i : i + 5]) for i in range(0, 50, 5)]
WINDOW = 4
losses = []
model = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
for epoch in range(2):
    opt.zero_grad()
    pending = 0

    def one_batch(batch):
        global pending
        x, y = batch
        loss = torch.nn.functional.mse_loss(model(x), y)
        BACKWARD
        pending += 1
        if pending == WINDOW:
            opt.step()
            opt.zero_grad()
            pending = 0
        return loss.item()

    RUN
    if pending:
        opt.step()
        opt.zero_grad()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

RUNS = {
    "list comprehension": "losses.extend([one_batch(b) for b in loader])",
    "list of a map": "losses.extend(list(map(one_batch, loader)))",
    "generator summed": "losses.append(sum(one_batch(b) for b in loader))",
}


@pytest.mark.parametrize("run", sorted(RUNS))
def test_counter_window_of_a_step_run_by_a_comprehension_fixed_like_the_hand_fix(tmp_path: Path, run: str) -> None:
    script = COUNTER.replace("RUN", RUNS[run])
    buggy = script.replace("BACKWARD", "loss.backward()")
    hand = script.replace("BACKWARD", "(loss / WINDOW).backward()")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF005")


MODULO = '''import hashlib
import json

import torch

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(50, 4), torch.randn(50, 1)
loader = [(X[i : i + 5], Y[i : i + 5]) for i in range(0, 50, 5)]
EVERY = 4
losses = []
model = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
for epoch in range(2):
    opt.zero_grad()

    def micro_step(index, batch):
        x, y = batch
        loss = torch.nn.functional.mse_loss(model(x), y) / EVERY
        loss.backward()
        if TEST:
            opt.step()
            opt.zero_grad()
        return loss.item()

    losses.append(sum(micro_step(index, batch) for index, batch in enumerate(loader)))
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_not_mod_window_of_a_step_summed_by_a_generator_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = MODULO.replace("TEST", "not index % EVERY")
    hand = MODULO.replace("TEST", "not (index + 1) % EVERY")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF015")
