"""GF030: an optimizer built again on every iteration of the loop that steps it starts with an
empty state each time. Adam rebuilt before every step takes a first, bias-corrected step: each
weight moves by about `lr * sign(grad)`, whatever the gradient's size; SGD's momentum never
builds up. The fixed script (the construction moved before the outermost loop that runs it on
every iteration; a scheduler built on the optimizer in the same loop moved with it) trains
exactly like a hand fix: an Adam in the batch loop of an epoch loop at module level, a
trainer's `while` loop building `self.optimizer` (SGD with momentum), and an optimizer built
with its `StepLR` in a batch loop (`extra["moves"]` records the mean move of Adam's weights
per step, divided by the learning rate)."""

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
EPOCHS = 3
LR = 0.01
loader = [(X[i : i + 8], Y[i : i + 8]) for i in range(0, 32, 8)]
losses, moves = [], []


class Trainer:
    def __init__(self, net):
        self.net = net

    def fit(self, steps):
        step = 0
{trainer_before}        while step < steps:
{trainer_inside}            x, y = loader[step % len(loader)]
            self.optimizer.zero_grad()
            loss = F.mse_loss(self.net(x), y)
            loss.backward()
            self.optimizer.step()
            losses.append(loss.item())
            step += 1


model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
{loop_before}for epoch in range(EPOCHS):
    for x, y in loader:
{loop_inside}        before = [p.detach().clone() for p in model.parameters()]
        optimizer.zero_grad()
        loss = F.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
        moved = torch.cat([(p.detach() - b).abs().flatten() for p, b in zip(model.parameters(), before)])
        moves.append(moved.mean().item() / LR)

Trainer(torch.nn.Linear(5, 2)).fit(8)

head = torch.nn.Linear(5, 2)
{sched_before}for x, y in loader * 2:
{sched_inside}    head_optimizer.zero_grad()
    loss = F.mse_loss(head(x), y)
    loss.backward()
    head_optimizer.step()
    head_scheduler.step()
    losses.append(loss.item())

digest = hashlib.sha256()
for param in [*model.parameters(), *head.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest(), "extra": {{"moves": moves}}}}))
'''

TRAINER = "self.optimizer = torch.optim.SGD(self.net.parameters(), lr=0.05, momentum=0.9)\n"
LOOP = "optimizer = torch.optim.Adam(model.parameters(), lr=LR)\n"
SCHED = (
    "head_optimizer = torch.optim.RMSprop(head.parameters(), lr=0.01)\n"
    "head_scheduler = torch.optim.lr_scheduler.StepLR(head_optimizer, step_size=3, gamma=0.5)\n"
)


def _indented(text: str, spaces: int) -> str:
    return "".join(" " * spaces + line + "\n" for line in text.splitlines())


BUGGY = SCRIPT.format(
    trainer_before="", trainer_inside=_indented(TRAINER, 12),
    loop_before="", loop_inside=_indented(LOOP, 8),
    sched_before="", sched_inside=_indented(SCHED, 4),
)  # fmt: skip
HAND = SCRIPT.format(
    trainer_before=_indented(TRAINER, 8), trainer_inside="",
    loop_before=LOOP, loop_inside="",
    sched_before=SCHED, sched_inside="",
)  # fmt: skip


def test_optimizers_built_once_before_the_loop_train_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = tmp_path / "buggy" / "train.py"
    hand = tmp_path / "hand" / "train.py"
    for path, text in ((buggy, BUGGY), (hand, HAND)):
        path.parent.mkdir()
        path.write_text(text)
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF030")
    assert fixed.read_text() == HAND
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    result = run_script(buggy)
    assert training_differences(result, expected)
    buggy_moves, moves = result["extra"]["moves"], expected["extra"]["moves"]
    # rebuilt before every step, Adam takes a first step each time: every weight moves by
    # about the learning rate, whatever its gradient
    assert all(0.98 < move <= 1.0 for move in buggy_moves)
    # built once, its steps follow the gradients' history: after the first, they shrink
    assert 0.98 < moves[0] <= 1.0 and min(moves[1:]) < 0.9
