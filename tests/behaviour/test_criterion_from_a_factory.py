"""GF018 with the criterion built by a loss factory of the file (every `return` a
cross-entropy; also moved, `.to(device)`, or bound to a name it returns; or torch's
`F.cross_entropy` itself, also in `functools.partial`): the softmax before it is dropped, and the fixed script trains exactly like the
hand fix (the buggy one, on probabilities, trains otherwise)."""

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

torch.manual_seed(0)
torch.set_num_threads(1)


{factory}


def run_epoch(model, data, loss_fn, optimizer, losses):
    for x, y in data:
        optimizer.zero_grad(set_to_none=True)
{body}
        loss.backward()
        optimizer.step()
        losses.append(loss.item())


model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 3))
optimizer = torch.optim.SGD(model.parameters(), lr=0.2)
data = [(torch.randn(16, 4), torch.randint(0, 3, (16,))) for _ in range(10)]
loss_fn = build_loss(0.1)
losses = []
for epoch in range(3):
    run_epoch(model, data, loss_fn, optimizer, losses)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
BUGGY = """        probs = F.softmax(model(x), dim=1)
        loss = loss_fn(probs, y)"""
HAND = """        probs = model(x)
        loss = loss_fn(probs, y)"""


FACTORIES = {
    "returns": """def build_loss(smoothing):
    if smoothing:
        return nn.CrossEntropyLoss(label_smoothing=smoothing)
    return nn.CrossEntropyLoss()""",
    "moved": """def build_loss(smoothing, device="cpu"):
    return nn.CrossEntropyLoss(label_smoothing=smoothing).to(device)""",
    "named": """def build_loss(smoothing):
    crit = nn.CrossEntropyLoss(label_smoothing=smoothing)
    return crit""",
    # torch's loss function itself, not a module instance
    "function": """def build_loss(smoothing):
    return F.cross_entropy""",
    "function_named": """def build_loss(smoothing):
    crit = F.cross_entropy
    return crit""",
    "partial": """import functools


def build_loss(smoothing):
    return functools.partial(F.cross_entropy, label_smoothing=smoothing)""",
}


@pytest.mark.parametrize("factory", sorted(FACTORIES))
def test_the_factory_criterion_receives_the_logits_after_the_fix(tmp_path: Path, factory: str) -> None:
    buggy = SCRIPT.format(body=BUGGY, factory=FACTORIES[factory])
    hand = SCRIPT.format(body=HAND, factory=FACTORIES[factory])
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF018")


LOSSES = """from torch import nn


def build_loss(smoothing):
    return nn.CrossEntropyLoss(label_smoothing=smoothing)
"""


@pytest.mark.parametrize("spelling", ["import criteria", "import criteria as C"])
def test_a_factory_of_another_module_reached_through_its_module(tmp_path: Path, spelling: str) -> None:
    """`loss_fn = criteria.build_loss(0.1)` after `import criteria` (criteria.py of the project
    returns a cross-entropy): the softmax before it is dropped too."""
    module = spelling.rsplit(" ", 1)[-1]

    def script(body: str) -> str:
        text = SCRIPT.format(body=body, factory=spelling)
        return text.replace("loss_fn = build_loss(0.1)", f"loss_fn = {module}.build_loss(0.1)")

    assert_fixed_like_hand(tmp_path, script(BUGGY), script(HAND), "--select", "GF018", others={"criteria.py": LOSSES})
