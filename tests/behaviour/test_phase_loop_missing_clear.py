"""The transfer-learning tutorial's loop (one batch loop for the `train` and `val` phases,
`loss.backward(); optimizer.step()` under `if phase == "train":`) without
`optimizer.zero_grad()`: GF001 inserts the clear at the top of the batch loop, and the script
then trains exactly like the loop fixed by hand (the clear in the validation pass is
harmless: nothing steps there)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
loaders = {
    "train": [(torch.randn(16, 8), torch.randint(0, 3, (16,))) for _ in range(6)],
    "val": [(torch.randn(16, 8), torch.randint(0, 3, (16,))) for _ in range(2)],
}
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Dropout(0.1), nn.Linear(16, 3))
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
losses = []


'''
BUGGY = '''def train_model(epochs):
    for epoch in range(epochs):
        for phase in ["train", "val"]:
            if phase == "train":
                model.train()
            else:
                model.eval()
            running = 0.0
            for inputs, labels in loaders[phase]:
                with torch.set_grad_enabled(phase == "train"):
                    loss = criterion(model(inputs), labels)
                    if phase == "train":
                        loss.backward()
                        optimizer.step()
                running += loss.item()
            losses.append(running)
'''
HAND = BUGGY.replace(
    "            for inputs, labels in loaders[phase]:\n",
    "            for inputs, labels in loaders[phase]:\n                optimizer.zero_grad(set_to_none=True)\n",
)
TAIL = '''

train_model(3)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_phase_loop_clear_trains_like_the_hand_fix(tmp_path: Path) -> None:
    assert HAND != BUGGY
    assert_fixed_like_hand(tmp_path, HEAD + BUGGY + TAIL, HEAD + HAND + TAIL, "--select", "GF001")
