"""GF029: a `GradScaler` built again on every iteration of the loop that steps with it starts
again at its initial scale each time. With an initial scale at which the gradients overflow
(float32 on the CPU: 2**127 times a gradient above 2 is `inf`), a scaler built once skips a
few steps, halving its scale, and then trains; one built on every batch skips every step and
never trains. The fixed script (the construction moved before the outermost loop that steps
with it) trains exactly like a hand fix: a batch loop of an epoch loop at module level, a
trainer's `while` loop building `self.scaler`, a micro-batch loop of an accumulation window, and
an epoch loop handing the scaler it builds to an epoch function (`extra["scales"]` records the
scale after each step)."""

from __future__ import annotations

from pathlib import Path

from .harness import apply_gradfix, assert_same_training, run_script, training_differences

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), 8.0 * torch.randn(32, 2)
EPOCHS = 3
ACCUMULATION = 2
INIT = 2.0**127  # the gradients overflow at this scale: the first steps are skipped
loader = [(X[i : i + 8], Y[i : i + 8]) for i in range(0, 32, 8)]
losses, scales = [], []


class Trainer:
    def __init__(self, net):
        self.net = net
        self.optimizer = torch.optim.SGD(self.net.parameters(), lr=0.02)

    def fit(self, steps):
        step = 0
{trainer_before}        while step < steps:
{trainer_inside}            x, y = loader[step % len(loader)]
            self.optimizer.zero_grad()
            loss = F.mse_loss(self.net(x), y)
            self.scaler.scale(loss).backward()
            self.scaler.step(self.optimizer)
            self.scaler.update()
            losses.append(loss.item())
            scales.append(self.scaler.get_scale())
            step += 1


model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)
{loop_before}for epoch in range(EPOCHS):
    for x, y in loader:
{loop_inside}        optimizer.zero_grad()
        loss = F.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        losses.append(loss.item())
        scales.append(scaler.get_scale())

Trainer(model).fit(8)

head = torch.nn.Linear(5, 2)
head_optimizer = torch.optim.SGD(head.parameters(), lr=0.02)
{window_before}for window in range(6):
    for micro in range(ACCUMULATION):
        x, y = loader[(window * ACCUMULATION + micro) % len(loader)]
        loss = F.mse_loss(head(x), y) / ACCUMULATION
{window_inside}        window_scaler.scale(loss).backward()
        losses.append(loss.item())
    window_scaler.step(head_optimizer)
    window_scaler.update()
    head_optimizer.zero_grad()
    scales.append(window_scaler.get_scale())



def run_epoch(net, net_optimizer, epoch_scaler):
    for x, y in loader:
        net_optimizer.zero_grad()
        loss = F.mse_loss(net(x), y)
        epoch_scaler.scale(loss).backward()
        epoch_scaler.step(net_optimizer)
        epoch_scaler.update()
        losses.append(loss.item())
        scales.append(epoch_scaler.get_scale())


tail = torch.nn.Linear(5, 2)
tail_optimizer = torch.optim.SGD(tail.parameters(), lr=0.02)
{epoch_before}for epoch in range(EPOCHS):
{epoch_inside}    run_epoch(tail, tail_optimizer, per_run)

digest = hashlib.sha256()
for param in [*model.parameters(), *head.parameters(), *tail.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest(), "extra": {{"scales": scales}}}}))
'''

TRAINER = 'self.scaler = torch.amp.GradScaler("cpu", init_scale=INIT, growth_interval=3)\n'
LOOP = 'scaler = torch.amp.GradScaler("cpu", init_scale=INIT, growth_interval=3)\n'
WINDOW = 'window_scaler = torch.amp.GradScaler("cpu", init_scale=INIT)\n'
EPOCH = 'per_run = torch.amp.GradScaler("cpu", init_scale=INIT)\n'


def _indented(text: str, spaces: int) -> str:
    return "".join(" " * spaces + line + "\n" for line in text.splitlines())


BUGGY = SCRIPT.format(
    trainer_before="", trainer_inside=_indented(TRAINER, 12),
    loop_before="", loop_inside=_indented(LOOP, 8),
    window_before="", window_inside=_indented(WINDOW, 8),
    epoch_before="", epoch_inside=_indented(EPOCH, 4),
)  # fmt: skip
HAND = SCRIPT.format(
    trainer_before=_indented(TRAINER, 8), trainer_inside="",
    loop_before=LOOP, loop_inside="",
    window_before=WINDOW, window_inside="",
    epoch_before=EPOCH, epoch_inside="",
)  # fmt: skip


def test_scalers_built_once_before_the_loop_train_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = tmp_path / "buggy" / "train.py"
    hand = tmp_path / "hand" / "train.py"
    for path, text in ((buggy, BUGGY), (hand, HAND)):
        path.parent.mkdir()
        path.write_text(text)
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF029")
    assert fixed.read_text() == HAND
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert run_script(fixed)["extra"] == expected["extra"]
    result = run_script(buggy)
    assert training_differences(result, expected)
    per_step = 3 * 4 + 8 + 6  # the scales of the three loops rebuilding it on every step
    buggy_scales, scales = result["extra"]["scales"], expected["extra"]["scales"]
    # rebuilt on every step, the scaler halves its scale after each overflow and is thrown
    # away: every step is skipped at the same scale and nothing trains
    assert set(buggy_scales[:per_step]) == {2.0**126}
    # built once, it comes down to a scale that steps, and grows again after 3 good steps
    assert min(scales[:per_step]) < 2.0**126 and max(scales[:per_step]) > 2.0**126
    # rebuilt on every epoch, it starts each epoch over (its first step skipped again)
    assert buggy_scales[per_step::4] == [2.0**126] * 3 and scales[per_step::4] != buggy_scales[per_step::4]
