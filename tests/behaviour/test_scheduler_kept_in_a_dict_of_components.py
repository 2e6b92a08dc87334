"""GF025: a scheduler kept as an item of a dict of components (`parts["sched"]`, beside
`parts["model"]` and `parts["opt"]`) built again on every epoch, or on every step of a `while`
loop (`state['sched']`), starts its schedule over each time: the learning rate never decays
(never warms up). The fixed script (the item's construction moved before the loop) trains exactly
like a hand fix (`extra["lrs"]` records the learning rate after each scheduler step)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import apply_gradfix, assert_same_training, run_script, training_differences

SCRIPT = '''import hashlib
import json

import torch
import torch.nn as nn

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(24, 6), torch.randint(0, 3, (24,))
loader = [(X[i : i + 6], Y[i : i + 6]) for i in range(0, 24, 6)]
losses, lrs = [], []


def fit(epochs):
    parts = {{"model": nn.Sequential(nn.Linear(6, 8), nn.Tanh(), nn.Linear(8, 3)), "loss": nn.CrossEntropyLoss()}}
    parts["opt"] = torch.optim.SGD(parts["model"].parameters(), lr=0.2, momentum=0.9)
{fit_before}    for epoch in range(epochs):
{fit_inside}        for x, y in loader:
            parts["opt"].zero_grad()
            loss = parts["loss"](parts["model"](x), y)
            loss.backward()
            parts["opt"].step()
            losses.append(loss.item())
        parts["sched"].step()
        lrs.append(parts["sched"].get_last_lr()[0])
    return parts["model"]


def run(total):
    net = nn.Linear(6, 3)
    state = {{'opt': torch.optim.AdamW(net.parameters(), lr=0.05)}}
    step = 0
{run_before}    while step < total:
{run_inside}        x, y = loader[step % len(loader)]
        state['opt'].zero_grad()
        loss = nn.functional.cross_entropy(net(x), y)
        loss.backward()
        state['opt'].step()
        state['sched'].step()
        losses.append(loss.item())
        lrs.append(state['sched'].get_last_lr()[0])
        step += 1
    return net


nets = [fit(4), run(8)]
digest = hashlib.sha256()
for param in [p for net in nets for p in net.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest(), "extra": {{"lrs": lrs}}}}))
'''

FIT = 'parts["sched"] = torch.optim.lr_scheduler.LambdaLR(parts["opt"], lambda e: 0.5 ** e)\n'
RUN = "state['sched'] = torch.optim.lr_scheduler.LambdaLR(state['opt'], lambda s: min(1.0, (s + 1) / 4))\n"


def _indented(text: str, spaces: int) -> str:
    return "".join(" " * spaces + line + "\n" for line in text.splitlines())


BUGGY = SCRIPT.format(fit_before="", fit_inside=_indented(FIT, 8), run_before="", run_inside=_indented(RUN, 8))
HAND = SCRIPT.format(fit_before=_indented(FIT, 4), fit_inside="", run_before=_indented(RUN, 4), run_inside="")


def test_scheduler_items_built_once_before_the_loop_train_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = tmp_path / "buggy" / "train.py"
    hand = tmp_path / "hand" / "train.py"
    for path, text in ((buggy, BUGGY), (hand, HAND)):
        path.parent.mkdir()
        path.write_text(text)
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF025")
    assert fixed.read_text() == HAND
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert run_script(fixed)["extra"] == expected["extra"]
    result = run_script(buggy)
    assert training_differences(result, expected)
    buggy_lrs, lrs = result["extra"]["lrs"], expected["extra"]["lrs"]
    # built once, the rate halves every epoch; rebuilt per epoch, each epoch restarts at 0.2
    assert lrs[:4] == [0.1, 0.05, 0.025, 0.0125] and buggy_lrs[:4] == [0.1] * 4
    # built once, the warm-up reaches the full rate; rebuilt per step, it stays at its second value
    assert lrs[4:] == pytest.approx([0.025, 0.0375, 0.05, 0.05, 0.05, 0.05, 0.05, 0.05]) and set(buggy_lrs[4:]) == {0.025}
