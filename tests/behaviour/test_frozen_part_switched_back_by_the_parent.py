"""GF017: a frozen part put in eval mode before the loop (`model.encoder.requires_grad_(False)`;
`model.encoder.eval()`) and switched back to train mode by the parent's `model.train()` in the
epoch loop runs with dropout on and its batch norm statistics drifting. The unsafe fix
(`model.encoder.eval()` right after `model.train()`) trains exactly like the hand fix, and the
buggy script trains otherwise."""

from __future__ import annotations

from pathlib import Path

from .harness import apply_gradfix, assert_same_training, run_script, training_differences

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(12, 24), nn.BatchNorm1d(24), nn.ReLU(), nn.Dropout(0.3))
        self.head = nn.Linear(24, 3)

    def forward(self, x):
        with torch.no_grad():
            h = self.encoder(x)
        return self.head(h)


X = torch.randn(48, 12)
Y = (X[:, :3] * 2).argmax(1)
model = Tagger()
model.encoder.requires_grad_(False)
model.encoder.eval()
optimizer = torch.optim.SGD(model.head.parameters(), lr=0.1)
losses = []
for epoch in range(3):
    model.train()
{extra}    for i in range(0, 48, 12):
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(X[i : i + 12]), Y[i : i + 12])
        loss.backward()
        optimizer.step()
        losses.append(loss.item())

digest = hashlib.sha256()
for tensor in [*model.parameters(), *model.buffers()]:
    digest.update(bytes(tensor.detach().to(torch.float32).contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_the_frozen_part_kept_in_eval_trains_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = tmp_path / "buggy" / "train.py"
    hand = tmp_path / "hand" / "train.py"
    for path, text in ((buggy, SCRIPT.format(extra="")), (hand, SCRIPT.format(extra="    model.encoder.eval()\n"))):
        path.parent.mkdir()
        path.write_text(text)
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF017", "--unsafe-fixes")
    assert fixed.read_text() == hand.read_text()
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(buggy), expected)
