"""GF026: a training method named in a statement of its own but not called does nothing.
The fixed script (`()` written after each name, then GF009's `.detach()` on the running sum,
which the loop shows only once it steps) trains exactly like a hand fix, and the buggy script
trains otherwise (its weights never change)."""

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
    def __init__(self, net):
        self.net = net
        self.optimizer = torch.optim.SGD(self.net.parameters(), lr=0.1, momentum=0.9)
        self.scheduler = torch.optim.lr_scheduler.StepLR(self.optimizer, step_size=2, gamma=0.5)

    def fit(self, losses, epochs):
        epoch = 0
        while epoch < epochs:
            self.net.train{call}
            for i in range(0, 32, 8):
                self.optimizer.zero_grad{call}
                loss = F.mse_loss(self.net(X[i : i + 8]), Y[i : i + 8])
                loss.backward{call}
                self.optimizer.step{call}
                losses.append(loss.item())
            self.scheduler.step{call}
            self.net.eval{call}
            with torch.no_grad():
                losses.append(F.mse_loss(self.net(X), Y).item())
            epoch += 1


model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Dropout(0.3), torch.nn.Linear(8, 2))
losses = []
Trainer(model).fit(losses, 4)

optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
model.train()
for epoch in range(3):
    running = 0
    for i in range(0, 32, 8):
        loss = F.mse_loss(model(X[i : i + 8]), Y[i : i + 8])
        optimizer.zero_grad()
        loss.backward()
        optimizer.step{call}
        running += loss{detach}
    losses.append(float(running))

digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

BUGGY = SCRIPT.format(call="", detach="")
HAND = SCRIPT.format(call="()", detach=".detach()")


def test_named_methods_called_train_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = tmp_path / "buggy" / "train.py"
    hand = tmp_path / "hand" / "train.py"
    for path, text in ((buggy, BUGGY), (hand, HAND)):
        path.parent.mkdir()
        path.write_text(text)
    fixed = apply_gradfix(buggy, tmp_path / "fixed")  # every default rule: GF009 reads the loop once it steps
    assert fixed.read_text() == HAND
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(buggy), expected)
