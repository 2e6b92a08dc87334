"""GF030: an optimizer rebuilt at every epoch only to give it a new learning rate (a schedule
written by hand) throws its state away at every epoch: Adam's running averages and step count,
SGD's momentum buffers. The hand fix builds it once and writes the new rate into its
`param_groups`; that trains differently from the rebuild (the state kept across epochs) and
exactly like the same schedule through `LambdaLR`. gradfix reports the rebuild (no fix: which
rate to build it with before the loop is not ours to write) and nothing in the hand fix."""

from __future__ import annotations

from pathlib import Path

from gradfix.runner import Options, process_source

from .harness import apply_gradfix, assert_same_training, run_script, training_differences

SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), torch.randn(32, 2)
EPOCHS = 4
LR = 0.01
loader = [(X[i : i + 8], Y[i : i + 8]) for i in range(0, 32, 8)]
losses = []


def train(model, make):
{before}    for epoch in range(EPOCHS):
        lr = LR * (0.5 ** (epoch // 2))
{inside}        for x, y in loader:
            optimizer.zero_grad()
            loss = F.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
{after}

adam = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
sgd = torch.nn.Linear(5, 2)
train(adam, lambda params, lr: torch.optim.Adam(params, lr=lr, weight_decay=1e-4))
train(sgd, lambda params, lr: torch.optim.SGD(params, lr=lr, momentum=0.9))

digest = hashlib.sha256()
for param in [*adam.parameters(), *sgd.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

REBUILT = "        optimizer = make(model.parameters(), lr)\n"
IN_PLACE = '        for group in optimizer.param_groups:\n            group["lr"] = lr\n'
ONCE = "    optimizer = make(model.parameters(), LR)\n"
LAMBDA = (
    "    optimizer = make(model.parameters(), LR)\n"
    "    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda epoch: 0.5 ** (epoch // 2))\n"
)
STEP = "        scheduler.step()\n"

BUGGY = SCRIPT.format(before="", inside=REBUILT, after="")
HAND = SCRIPT.format(before=ONCE, inside=IN_PLACE, after="")
SCHEDULED = SCRIPT.format(before=LAMBDA, inside="", after=STEP)

# the same loops as the rule sees them: torch's optimizers written out (the script builds them
# through `make` so one loop serves both)
ADAM_REBUILT = """import torch


def train(model, loader, epochs, base):
    for epoch in range(epochs):
        lr = base * (0.5 ** (epoch // 2))
        optimizer = torch.optim.Adam(model.parameters(), lr=lr, weight_decay=1e-4)
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()
"""
ADAM_IN_PLACE = """import torch


def train(model, loader, epochs, base):
    optimizer = torch.optim.Adam(model.parameters(), lr=base, weight_decay=1e-4)
    for epoch in range(epochs):
        lr = base * (0.5 ** (epoch // 2))
        for group in optimizer.param_groups:
            group["lr"] = lr
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()
"""


def _codes(text: str) -> list[str]:
    result = process_source("train.py", text.encode(), Options(select=frozenset({"GF030"}), unsafe_fixes=True, fix=True))
    assert result.error is None and result.fixed is None
    return [d.code for d in result.diagnostics if "new learning rate" in d.message]


def test_a_rebuild_for_a_new_rate_is_reported_and_the_rate_set_in_place_is_not() -> None:
    assert _codes(ADAM_REBUILT) == ["GF030"]
    assert _codes(ADAM_IN_PLACE) == []


def test_the_rate_set_in_place_keeps_the_state_the_rebuild_throws_away(tmp_path: Path) -> None:
    paths = {}
    for name, text in (("buggy", BUGGY), ("hand", HAND), ("scheduled", SCHEDULED)):
        paths[name] = tmp_path / name / "train.py"
        paths[name].parent.mkdir()
        paths[name].write_text(text)
    expected = run_script(paths["hand"])
    # the hand fix is the schedule `LambdaLR` runs, on one optimizer
    assert_same_training(run_script(paths["scheduled"]), expected)
    result = run_script(paths["buggy"])
    assert training_differences(result, expected)
    # the same first epochs (the same rate, the first optimizer), then the state restarts
    assert result["losses"][:4] == expected["losses"][:4]
    assert result["losses"][4:8] != expected["losses"][4:8]
    # gradfix leaves the rebuild as it is (reported without a fix)
    assert apply_gradfix(paths["buggy"], tmp_path / "fixed", "--select", "GF030", "--unsafe-fixes").read_text() == BUGGY
