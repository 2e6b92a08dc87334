"""GF012 on a training function nested in another, handed two optimizers and the scheduler
of one of them (`def train(body_opt, head_opt, head_sched)` inside `main()`): the scheduler
steps between the two optimizers' steps, before its own optimizer's, so the first rate is
skipped. gradfix reads which optimizer the scheduler follows from the calls in `main()` and
moves its step after that optimizer's; the fixed script trains exactly like the hand fix,
and not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F


def main():
    torch.manual_seed(0)
    torch.set_num_threads(1)
    losses = []

    def train(body, head, body_opt, head_opt, head_sched, batches):
        for epoch in range(2):
            for x, y in batches:
                body_opt.zero_grad()
                head_opt.zero_grad()
                loss = F.mse_loss(head(torch.tanh(body(x))), y)
                loss.backward()
                body_opt.step()
{order}
                losses.append(loss.item())

    body, head = torch.nn.Linear(4, 6), torch.nn.Linear(6, 1)
    body_optimizer = torch.optim.SGD(body.parameters(), lr=0.05)
    head_optimizer = torch.optim.SGD(head.parameters(), lr=0.2)
    head_scheduler = torch.optim.lr_scheduler.StepLR(head_optimizer, step_size=1, gamma=0.5)
    data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
    train(body, head, body_optimizer, head_optimizer, head_scheduler, data)
    digest = hashlib.sha256()
    for param in [*body.parameters(), *head.parameters()]:
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))


main()
'''

BUGGY = "                head_sched.step()\n                head_opt.step()"
HAND = "                head_opt.step()\n                head_sched.step()"


def test_nested_helper_schedule_moved_like_the_hand_fix(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, SCRIPT.format(order=BUGGY), SCRIPT.format(order=HAND), "--select", "GF012")
