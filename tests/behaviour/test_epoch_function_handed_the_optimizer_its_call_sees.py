"""GF008 through the calls of an epoch function that trains when it is handed an optimizer and
evaluates when it is not (`run_epoch(model, loader, optimizer)` / `run_epoch(model, val_loader)`,
`optimizer=None` by default). The caller built the optimizer twice, the second time over the
model and a head; only the model is cleared, so the head's gradients pile up. The fixed script
(`--unsafe-fixes`: the clear becomes `optimizer.zero_grad()`) trains like the hand fix, and the
buggy one does not."""

from __future__ import annotations

from pathlib import Path

from .harness import assert_fixed_like_hand

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 6), torch.randint(0, 3, (32,))
model = nn.Linear(6, 8)
head = nn.Linear(8, 3)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
optimizer = torch.optim.SGD([*model.parameters(), *head.parameters()], lr=0.05)
losses = []


def run_epoch(model, batches, optimizer=None):
    for x, y in batches:
        loss = F.cross_entropy(head(model(x)), y)
        if optimizer is not None:
            {clear}.zero_grad()
            loss.backward()
            optimizer.step()
        losses.append(loss.item())


batches = [(X[i : i + 8], Y[i : i + 8]) for i in range(0, 32, 8)]
for epoch in range(2):
    run_epoch(model, batches, optimizer)
    with torch.no_grad():
        run_epoch(model, batches[:1])
digest = hashlib.sha256()
for param in [*model.parameters(), *head.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_clear_of_the_optimizer_the_training_call_hands_in(tmp_path: Path) -> None:
    assert_fixed_like_hand(
        tmp_path, SCRIPT.format(clear="model"), SCRIPT.format(clear="optimizer"), "--select", "GF008", "--unsafe-fixes"
    )
