"""GF006's flush of a contrastive window that clamps the learnable temperature after each step
(`model.logit_scale.data = torch.clamp(...)`, as CLIP training scripts do). The flush is a step
too: it clamps the temperature after it. The fixed script trains exactly like the hand fix; the
earlier flush, which left the clamp out, lets the temperature leave its range for the next
epoch's first window, and trains otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand, run_script, training_differences

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn
import torch.nn.functional as F

ACCUM = 4
torch.manual_seed(0)
torch.set_num_threads(1)


class Dual(nn.Module):
    def __init__(self):
        super().__init__()
        self.image = nn.Linear(6, 5)
        self.text = nn.Linear(3, 5)
        self.logit_scale = nn.Parameter(torch.tensor(0.55))

    def forward(self, images, texts):
        return F.normalize(self.image(images), dim=-1), F.normalize(self.text(texts), dim=-1)


model = Dual()
optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
data = [(torch.randn(8, 6), torch.randn(8, 3)) for _ in range(10)]
losses = []


def train(epochs):
    for epoch in range(epochs):
{bind}        for step, (images, texts) in enumerate(data):
            image_features, text_features = model(images, texts)
            logits = model.logit_scale.exp() * image_features @ text_features.t()
            labels = torch.arange(len(logits))
            loss = (F.cross_entropy(logits, labels) + F.cross_entropy(logits.t(), labels)) / 2
            losses.append(loss.item())
            (loss / ACCUM).backward()
            if (step + 1) % ACCUM == 0:
                optimizer.step()
                model.logit_scale.data = torch.clamp(model.logit_scale.data, 0.54, 0.56)
                optimizer.zero_grad()
{flush}

train(3)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
BIND = "        step = -1  # the flush after the loop reads it, also when the loop runs no batch\n"
FLUSH = """
        # the last micro-batches did not fill a whole window: step on them too
        if (step + 1) % ACCUM != 0:
            optimizer.step()
            model.logit_scale.data = torch.clamp(model.logit_scale.data, 0.54, 0.56)
            optimizer.zero_grad()
"""
WITHOUT_THE_CLAMP = FLUSH.replace("            model.logit_scale.data = torch.clamp(model.logit_scale.data, 0.54, 0.56)\n", "")


def test_flush_clamps_the_temperature(tmp_path: Path) -> None:
    assert_fixed_like_hand(tmp_path, SCRIPT.format(bind="", flush=""), SCRIPT.format(bind=BIND, flush=FLUSH), "--select", "GF006")
    earlier = tmp_path / "earlier" / "train.py"
    earlier.parent.mkdir()
    earlier.write_text(SCRIPT.format(bind=BIND, flush=WITHOUT_THE_CLAMP))
    assert training_differences(run_script(earlier), run_script(tmp_path / "hand" / "train.py"))
