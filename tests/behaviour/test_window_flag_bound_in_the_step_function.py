"""The window's flag bound in the step function the loop calls, from the counter it is handed
(`def micro_step(model, opt, batch, step): update = step % ACCUM == 0; if update: opt.step()`,
variants61's kwstep shape with keyword-only parameters too, fix62-K): GF015 rewrites the flag's
test to `(step + 1) % ACCUM == 0`, which trains like the hand fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
DATA = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(8)]
ACCUM = 4
LOSSES = []


def micro_step({params}):
    inputs, targets = batch
    loss = nn.functional.mse_loss(model(inputs), targets) / ACCUM
    loss.backward()
    LOSSES.append(loss.item())
    update = {test} % ACCUM == 0
    if update:
        opt.step()
        opt.zero_grad(set_to_none=True)


def main():
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for epoch in range(2):
        step = 0
        while step < len(DATA):
            micro_step({call})
            step += 1
    return model


model = main()
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": LOSSES, "weights_sha256": digest.hexdigest()}}))
'''

SHAPES = {
    "positional": dict(params="model, opt, batch, step", call="model, opt, DATA[step], step"),
    "keyword_only": dict(params="*, model, opt, batch, step", call="model=model, opt=opt, batch=DATA[step], step=step"),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_flag_bound_in_the_step_function(tmp_path: Path, shape: str) -> None:
    buggy = SCRIPT.format(test="step", **SHAPES[shape])
    hand = SCRIPT.format(test="(step + 1)", **SHAPES[shape])
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF015")
