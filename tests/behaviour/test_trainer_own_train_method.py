"""GF017: a trainer whose own training method is named `train(self)`. `self.train()` there runs
that method (it never calls `model.train()`), so the model stays in eval mode after the first
`self.test()`. The fixed script trains exactly like the hand fix and the buggy one otherwise."""

from __future__ import annotations

from pathlib import Path

from .harness import apply_gradfix, assert_same_training, run_script, training_differences

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), torch.randn(32, 2)


class Trainer:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)
        self.losses = []

    def train(self):
        for i in range(0, 32, 8):
            self.opt.zero_grad()
            loss = F.mse_loss(self.model(X[i : i + 8]), Y[i : i + 8])
            loss.backward()
            self.opt.step()
            self.losses.append(loss.item())

    def test(self):
        self.model.eval()
        with torch.no_grad():
            return F.mse_loss(self.model(X), Y).item()

    def run(self, epochs):
        for epoch in range(epochs):
            self.train()
            self.test()
{restore}

model = torch.nn.Sequential(torch.nn.Linear(5, 16), torch.nn.Dropout(0.5), torch.nn.Linear(16, 2))
trainer = Trainer(model)
trainer.run(3)
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": trainer.losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_trainer_train_method_is_no_mode_switch(tmp_path: Path) -> None:
    buggy = tmp_path / "buggy" / "train.py"
    hand = tmp_path / "hand" / "train.py"
    for path, text in ((buggy, SCRIPT.format(restore="")), (hand, SCRIPT.format(restore="            self.model.train()"))):
        path.parent.mkdir()
        path.write_text(text)
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF017")
    assert "self.test()\n            self.model.train()" in fixed.read_text()
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(buggy), expected)
