"""GF029: a `GradScaler` kept as an item of a dict of components (`parts["scaler"]`, beside
`parts["model"]` and `parts["opt"]`) built again on every batch, or on every epoch of a `while`
loop (`state['scaler']`), starts again at its initial scale each time. With an initial scale at
which the gradients overflow (float32 on the CPU), a scaler built once skips a few steps,
halving its scale, and then trains; one built on every batch skips every step. The fixed script
(the item's construction moved before the outermost loop that steps with it) trains exactly like
a hand fix (`extra["scales"]` records the scale after each step)."""

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
INIT = 2.0**127  # the gradients overflow at this scale: the first steps are skipped
loader = [(X[i : i + 8], Y[i : i + 8]) for i in range(0, 32, 8)]
losses, scales = [], []


def fit(epochs):
    parts = {{"model": torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))}}
    parts["opt"] = torch.optim.SGD(parts["model"].parameters(), lr=0.02, momentum=0.9)
{fit_before}    for epoch in range(epochs):
        for x, y in loader:
{fit_inside}            parts["opt"].zero_grad()
            loss = F.mse_loss(parts["model"](x), y)
            parts["scaler"].scale(loss).backward()
            parts["scaler"].step(parts["opt"])
            parts["scaler"].update()
            losses.append(loss.item())
            scales.append(parts["scaler"].get_scale())
    return parts["model"]


def run(rounds):
    state = {{'net': torch.nn.Linear(5, 2)}}
    state['opt'] = torch.optim.SGD(state['net'].parameters(), lr=0.02)
    done = 0
{run_before}    while done < rounds:
{run_inside}        for x, y in loader:
            state['opt'].zero_grad()
            loss = F.mse_loss(state['net'](x), y)
            state['scaler'].scale(loss).backward()
            state['scaler'].step(state['opt'])
            state['scaler'].update()
            losses.append(loss.item())
            scales.append(state['scaler'].get_scale())
        done += 1
    return state['net']


nets = [fit(3), run(3)]
digest = hashlib.sha256()
for param in [p for net in nets for p in net.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest(), "extra": {{"scales": scales}}}}))
'''

FIT = 'parts["scaler"] = torch.amp.GradScaler("cpu", init_scale=INIT, growth_interval=3)\n'
RUN = "state['scaler'] = torch.amp.GradScaler(\"cpu\", init_scale=INIT)\n"


def _indented(text: str, spaces: int) -> str:
    return "".join(" " * spaces + line + "\n" for line in text.splitlines())


BUGGY = SCRIPT.format(fit_before="", fit_inside=_indented(FIT, 12), run_before="", run_inside=_indented(RUN, 8))
HAND = SCRIPT.format(fit_before=_indented(FIT, 4), fit_inside="", run_before=_indented(RUN, 4), run_inside="")


def test_scaler_items_built_once_before_the_loops_train_like_the_hand_fix(tmp_path: Path) -> None:
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
    buggy_scales, scales = result["extra"]["scales"], expected["extra"]["scales"]
    # rebuilt on every batch, every step is skipped at the same scale
    assert set(buggy_scales[:12]) == {2.0**126}
    assert min(scales[:12]) < 2.0**126
    # rebuilt on every round of the while loop, each round starts over (its first step skipped)
    assert buggy_scales[12::4] == [2.0**126] * 3 and scales[12::4] != buggy_scales[12::4]
