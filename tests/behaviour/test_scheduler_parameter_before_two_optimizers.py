"""GF012 on a scheduler handed in as a parameter (built in another file) and stepped at the top
of each epoch of a loop that steps two optimizers (a model's and a centre loss's), neither before
it: whichever the scheduler was built over steps after it, so the step moves after the batch
loop. The fixed script trains exactly like the hand-fixed one, whose learning rate decays after
`step_size` epochs, not one epoch early."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn


def do_train(model, centres, data, optimizer, optimizer_centre, scheduler, epochs, losses, lrs):
    for epoch in range(epochs):
{before}        model.train()
        for x, y in data:
            optimizer.zero_grad()
            optimizer_centre.zero_grad()
            out = model(x)
            loss = nn.functional.mse_loss(out, y) + 0.01 * ((out - centres) ** 2).mean()
            loss.backward()
            optimizer.step()
            optimizer_centre.step()
            losses.append(loss.item())
{after}        lrs.append(optimizer.param_groups[0]["lr"])


torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
centres = nn.Parameter(torch.zeros(1))
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
opt_c = torch.optim.SGD([centres], lr=0.5)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.1)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
losses, lrs = [], []
do_train(model, centres, data, opt, opt_c, sched, 5, losses, lrs)
digest = hashlib.sha256()
for param in [*model.parameters(), centres]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest(), "extra": {{"lrs": lrs}}}}))
'''
STEP = "        scheduler.step()\n"


def test_scheduler_parameter_step_moves_after_the_loop_of_two_optimizers(tmp_path: Path) -> None:
    buggy = SCRIPT.format(before=STEP, after="")
    hand = SCRIPT.format(before="", after=STEP)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF012")
