"""GF030: a clip run on every micro-batch of an accumulation window clips the partial sums of
the window's gradient. The fixed script (the clip moved into the window's `if`, right before
the step) trains exactly like a hand fix that clips the window's gradient once, and the buggy
script trains otherwise: an `enumerate` window with `clip_grad_norm_` and a `while` loop
counting its micro-batches with `clip_grad_value_`."""

from __future__ import annotations

from pathlib import Path

from .harness import apply_gradfix, assert_same_training, run_script, training_differences

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(48, 5), 4.0 * torch.randn(48, 2)
ACCUM = 3
loader = [(X[i : i + 4], Y[i : i + 4]) for i in range(0, 48, 4)]
losses = []

model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
for epoch in range(2):
    for i, (x, y) in enumerate(loader):
        loss = F.mse_loss(model(x), y) / ACCUM
        loss.backward()
{norm_outside}        if (i + 1) % ACCUM == 0 or i + 1 == len(loader):
{norm_inside}            optimizer.step()
            optimizer.zero_grad()
        losses.append(loss.item())

head = torch.nn.Linear(5, 2)
head_optimizer = torch.optim.SGD(head.parameters(), lr=0.05)
seen = 0
while seen < 12:
    x, y = loader[seen]
    loss = F.mse_loss(head(x), y) / ACCUM
    loss.backward()
{value_outside}    seen += 1
    if seen % ACCUM == 0:
{value_inside}        head_optimizer.step()
        head_optimizer.zero_grad()
    losses.append(loss.item())

digest = hashlib.sha256()
for param in [*model.parameters(), *head.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

NORM = "torch.nn.utils.clip_grad_norm_(model.parameters(), 0.5)\n"
VALUE = "torch.nn.utils.clip_grad_value_(head.parameters(), 0.2)\n"

BUGGY = SCRIPT.format(norm_outside=" " * 8 + NORM, norm_inside="", value_outside=" " * 4 + VALUE, value_inside="")
HAND = SCRIPT.format(norm_outside="", norm_inside=" " * 12 + NORM, value_outside="", value_inside=" " * 8 + VALUE)


def test_clip_moved_into_the_window_trains_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = tmp_path / "buggy" / "train.py"
    hand = tmp_path / "hand" / "train.py"
    for path, text in ((buggy, BUGGY), (hand, HAND)):
        path.parent.mkdir()
        path.write_text(text)
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF030")
    assert fixed.read_text() == HAND
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(buggy), expected)
