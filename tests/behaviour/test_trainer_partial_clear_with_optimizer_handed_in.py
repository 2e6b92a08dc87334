"""GF008 on a trainer handed a backbone, a margin head and an optimizer built over both
(`Trainer(backbone, head, SGD(list(backbone.parameters()) + list(head.parameters())))`) that
clears only `self.backbone`: the head's gradients pile up. The fixed script (`--unsafe-fixes`:
the clear becomes `self.optimizer.zero_grad()`) trains like the hand fix, and the buggy one
does not."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F
from torch import nn


class MarginHead(nn.Module):
    def __init__(self, features, classes):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(classes, features) * 0.1)

    def forward(self, embeddings, labels):
        logits = F.normalize(embeddings) @ F.normalize(self.weight).t()
        return F.cross_entropy(8.0 * (logits - 0.2 * F.one_hot(labels, logits.shape[1])), labels)


class Trainer:
    def __init__(self, backbone, head, optimizer):
        self.backbone = backbone
        self.head = head
        self.optimizer = optimizer

    def fit(self, data, epochs, losses):
        for _ in range(epochs):
            for x, y in data:
                {clear}.zero_grad()
                loss = self.head(self.backbone(x), y)
                loss.backward()
                losses.append(loss.item())
                self.optimizer.step()


torch.manual_seed(0)
torch.set_num_threads(1)
backbone = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 8))
head = MarginHead(8, 3)
data = [(torch.randn(12, 6), torch.randint(0, 3, (12,))) for _ in range(5)]
losses = []
optimizer = torch.optim.SGD(list(backbone.parameters()) + list(head.parameters()), lr=0.05, momentum=0.9)
Trainer(backbone, head, optimizer).fit(data, 3, losses)
digest = hashlib.sha256()
for param in [*backbone.parameters(), *head.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_partial_clear_of_a_trainer_with_an_optimizer_handed_in(tmp_path: Path) -> None:
    assert_fixed_like_hand(
        tmp_path, SCRIPT.format(clear="self.backbone"), SCRIPT.format(clear="self.optimizer"), "--select", "GF008", "--unsafe-fixes"
    )


STEP_METHOD = SCRIPT.replace(
    '''    def fit(self, data, epochs, losses):
        for _ in range(epochs):
            for x, y in data:
                {clear}.zero_grad()
                loss = self.head(self.backbone(x), y)
                loss.backward()
                losses.append(loss.item())
                self.optimizer.step()
''',
    '''    def train_step(self, x, y):
        {clear}.zero_grad()
        loss = self.head(self.backbone(x), y)
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def fit(self, data, epochs, losses):
        for _ in range(epochs):
            pending = list(data)
            while pending:
                x, y = pending.pop(0)
                losses.append(self.train_step(x, y))
''',
)


def test_partial_clear_in_the_step_method_the_loop_calls(tmp_path: Path) -> None:
    """The clear sits in `train_step`, the loop (a `while`) in `fit` calls it: the method's
    clear becomes `self.optimizer.zero_grad()`, the same object in both methods."""
    assert STEP_METHOD != SCRIPT
    assert_fixed_like_hand(
        tmp_path, STEP_METHOD.format(clear="self.backbone"), STEP_METHOD.format(clear="self.optimizer"), "--select", "GF008", "--unsafe-fixes"
    )
