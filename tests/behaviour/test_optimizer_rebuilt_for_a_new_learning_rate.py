"""GF030: an optimizer rebuilt at every epoch only to give it a new learning rate (a schedule
written by hand) throws its state away at every epoch: Adam's running averages and step count,
SGD's momentum buffers. The hand fix builds it once and writes the new rate into its
`param_groups`; that trains differently from the rebuild (the state kept across epochs) and
exactly like the same schedule through `LambdaLR`. gradfix reports the rebuild and its fix
(the construction moved before the loop with the first iteration's rate, the rate written into
`param_groups` where it stood) trains exactly like the hand fix: Adam in a `for` loop, momentum
SGD in a `while` loop counting its epochs, AdamW as `self.opt` in a method with its rate from
`lr_at(epoch)` (an unsafe fix: the function runs once more), RMSprop warmed up per step."""

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
    assert result.error is None
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


FORMS = '''import hashlib
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


def lr_at(epoch):
    return LR * 0.5 ** (epoch // 2)


def train_adam(model):
{adam}        for x, y in loader:
            optimizer.zero_grad()
            loss = F.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
            losses.append(loss.item())


def train_sgd(model):
    epoch = 0
{sgd}        for x, y in loader:
            opt.zero_grad()
            loss = F.mse_loss(model(x), y)
            loss.backward()
            opt.step()
            losses.append(loss.item())
        epoch += 1


class Trainer:
    def __init__(self, model):
        self.model = model

    def fit(self):
{method}            for x, y in loader:
                self.opt.zero_grad()
                loss = F.mse_loss(self.model(x), y)
                loss.backward()
                self.opt.step()
                losses.append(loss.item())


def warm_up(model, batches, warmup):
{warmup}        optimizer.zero_grad()
        loss = F.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())


models = [torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2)) for _ in range(4)]
train_adam(models[0])
train_sgd(models[1])
Trainer(models[2]).fit()
warm_up(models[3], loader * 3, 6)

digest = hashlib.sha256()
for model in models:
    for param in model.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

FORMS_REBUILT = FORMS.format(
    adam=(
        "    for epoch in range(EPOCHS):\n"
        "        lr = LR * (0.5 ** (epoch // 2))\n"
        "        optimizer = torch.optim.Adam(model.parameters(), lr=lr, weight_decay=1e-4)\n"
    ),
    sgd=(
        "    while epoch < EPOCHS:\n"
        "        opt = torch.optim.SGD(model.parameters(), LR * 0.1 ** (epoch // 2), momentum=0.9)\n"
    ),
    method=(
        "        for epoch in range(EPOCHS):\n"
        "            self.opt = torch.optim.AdamW(self.model.parameters(), lr=lr_at(epoch), betas=(0.9, 0.99))\n"
    ),
    warmup=(
        "    for step, (x, y) in enumerate(batches):\n"
        "        lr = 1e-2 * min(1.0, (step + 1) / warmup)\n"
        "        optimizer = torch.optim.RMSprop(model.parameters(), lr=lr)\n"
    ),
)
FORMS_HAND = FORMS.format(
    adam=(
        "    optimizer = torch.optim.Adam(model.parameters(), lr=LR, weight_decay=1e-4)\n"
        "    for epoch in range(EPOCHS):\n"
        "        lr = LR * (0.5 ** (epoch // 2))\n"
        "        for g in optimizer.param_groups:\n"
        "            g[\"lr\"] = lr\n"
    ),
    sgd=(
        "    opt = torch.optim.SGD(model.parameters(), LR, momentum=0.9)\n"
        "    while epoch < EPOCHS:\n"
        "        for g in opt.param_groups:\n"
        "            g[\"lr\"] = LR * 0.1 ** (epoch // 2)\n"
    ),
    method=(
        "        self.opt = torch.optim.AdamW(self.model.parameters(), lr=LR, betas=(0.9, 0.99))\n"
        "        for epoch in range(EPOCHS):\n"
        "            for g in self.opt.param_groups:\n"
        "                g[\"lr\"] = lr_at(epoch)\n"
    ),
    warmup=(
        "    optimizer = torch.optim.RMSprop(model.parameters(), lr=1e-2)\n"
        "    for step, (x, y) in enumerate(batches):\n"
        "        for g in optimizer.param_groups:\n"
        "            g[\"lr\"] = 1e-2 * min(1.0, (step + 1) / warmup)\n"
    ),
)


def test_the_fix_trains_like_the_hand_fix_and_the_rebuild_does_not(tmp_path: Path) -> None:
    buggy, hand = tmp_path / "buggy" / "train.py", tmp_path / "hand" / "train.py"
    for path, text in ((buggy, FORMS_REBUILT), (hand, FORMS_HAND)):
        path.parent.mkdir()
        path.write_text(text)
    expected = run_script(hand)
    result = run_script(buggy)
    assert training_differences(result, expected)  # (the rebuild trains otherwise)
    # the safe fixes alone: the three loops whose first rate calls nothing but `min`
    safe = apply_gradfix(buggy, tmp_path / "safe", "--select", "GF030").read_text()
    assert safe.count(".param_groups:") == 3 and "lr=lr_at(epoch), betas" in safe
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF030", "--unsafe-fixes")
    text = fixed.read_text()
    assert text.count(".param_groups:") == 4 and "lr=lr_at(0), betas" in text
    assert_same_training(run_script(fixed), expected)
    assert _codes(text) == []  # (the fixed loops are not reported again)


EPOCHS_SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), torch.randint(0, 3, (32,))
batches = [(X[i : i + 8], Y[i : i + 8]) for i in range(0, 32, 8)]
losses = []


def fit(net, state, epochs):
    epoch = state["epoch"]
{before}    while epoch < epochs:
{inside}        first = state["batch"] if epoch == state["epoch"] else 0
        for k in range(first, len(batches)):
            inputs, labels = batches[k]
            optim.zero_grad()
            loss = F.cross_entropy(net(inputs), labels)
            loss.backward()
            optim.step()
            losses.append(loss.item())
        epoch += 1
        state = {{"epoch": epoch, "batch": 0}}


def train_sgd(model, epochs):
    for epoch in range(epochs):
{sgd}        for x, y in batches:
            opt.zero_grad()
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            opt.step()
            losses.append(loss.item())


nets = [torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 3)) for _ in range(2)]
fit(nets[0], {{"epoch": 0, "batch": 1}}, 3)
train_sgd(nets[1], 3)
digest = hashlib.sha256()
for net in nets:
    for param in net.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
ADAMW = "    optim = torch.optim.AdamW(net.parameters(), lr=3e-3, weight_decay=0.01)\n"
SGD = "    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)\n"
EPOCHS_REBUILT = EPOCHS_SCRIPT.format(before="", inside="    " + ADAMW, sgd="    " + SGD)
EPOCHS_HAND = EPOCHS_SCRIPT.format(before=ADAMW, inside="", sgd="").replace(
    "def train_sgd(model, epochs):\n", "def train_sgd(model, epochs):\n" + SGD
)


def test_a_new_optimizer_per_epoch_over_the_same_batches_is_moved_out(tmp_path: Path) -> None:
    """A constant rate, rebuilt at every epoch of a resumed `while` loop and of a `range`
    loop whose batch loops go over the same data: the fix moves each construction before its
    loop and trains like the hand fix; the rebuild trains otherwise."""
    buggy, hand = tmp_path / "buggy" / "train.py", tmp_path / "hand" / "train.py"
    for path, text in ((buggy, EPOCHS_REBUILT), (hand, EPOCHS_HAND)):
        path.parent.mkdir()
        path.write_text(text)
    expected = run_script(hand)
    assert training_differences(run_script(buggy), expected)
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF030")
    assert fixed.read_text() == EPOCHS_HAND
    assert_same_training(run_script(fixed), expected)


HANDED_SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), torch.randint(0, 3, (32,))
batches = [(X[i : i + 8], Y[i : i + 8]) for i in range(0, 32, 8)]
losses = []


def train_sgd(model, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for epoch in range(epochs):
        for x, y in batches:
            opt.zero_grad()
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            opt.step()
            losses.append(loss.item())


def run_epoch(model, opt):
    for x, y in batches:
        opt.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        losses.append(loss.item())


def train_decayed(model, epochs, lr):
{before}    for epoch in range(epochs):
{inside}        run_epoch(model, {handed})
        lr *= 0.5


nets = [torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 3)) for _ in range(2)]
train_sgd(nets[0], 3)
train_decayed(nets[1], 3, 0.01)
digest = hashlib.sha256()
for net in nets:
    for param in net.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
ADAM = "    optimizer = torch.optim.Adam(model.parameters(), lr=lr)\n"
SET_RATE = '        for group in optimizer.param_groups:\n            group["lr"] = lr\n'


def test_a_rebuild_handed_to_an_epoch_function_beside_a_momentum_sgd_is_fixed(tmp_path: Path) -> None:
    """Another function of the module builds a momentum SGD under the epoch function's
    parameter name (`opt`): the Adam rebuilt each epoch for a rate halved in place and handed
    to the epoch function (by keyword or by position) is still reported, and the fix trains
    like the hand fix; the rebuild trains otherwise."""
    for handed in ("opt=optimizer", "optimizer"):
        buggy, hand = tmp_path / handed / "buggy" / "train.py", tmp_path / handed / "hand" / "train.py"
        rebuilt = HANDED_SCRIPT.format(before="", inside="    " + ADAM, handed=handed)
        by_hand = HANDED_SCRIPT.format(before=ADAM, inside=SET_RATE, handed=handed)
        for path, text in ((buggy, rebuilt), (hand, by_hand)):
            path.parent.mkdir(parents=True)
            path.write_text(text)
        expected = run_script(hand)
        assert training_differences(run_script(buggy), expected)
        fixed = apply_gradfix(buggy, tmp_path / handed / "fixed", "--select", "GF030")
        assert fixed.read_text() == by_hand
        assert_same_training(run_script(fixed), expected)


METHOD_SCRIPT = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), torch.randint(0, 3, (32,))
batches = [(X[i : i + 8], Y[i : i + 8]) for i in range(0, 32, 8)]
losses = []


class Trainer:
    def __init__(self, model):
        self.model = model

    def one_epoch(self, optimizer):
        for x, y in batches:
            optimizer.zero_grad()
            loss = F.cross_entropy(self.model(x), y)
            loss.backward()
            optimizer.step()
            losses.append(loss.item())

    def fit(self, epochs, lr):
{before}        for epoch in range(epochs):
{inside}            self.one_epoch(optimizer)
            lr = lr * 0.5


net = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 3))
Trainer(net).fit(3, 0.01)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
METHOD_ADAM = "        optimizer = torch.optim.Adam(self.model.parameters(), lr=lr)\n"
METHOD_SET_RATE = '            for group in optimizer.param_groups:\n                group["lr"] = lr\n'


def test_a_rebuild_handed_to_an_epoch_method_is_fixed(tmp_path: Path) -> None:
    """The epoch function reached as a method (`self.one_epoch(optimizer)`) and the rate
    halved as `lr = lr * 0.5`: the fix trains like the hand fix; the rebuild trains otherwise."""
    buggy, hand = tmp_path / "buggy" / "train.py", tmp_path / "hand" / "train.py"
    rebuilt = METHOD_SCRIPT.format(before="", inside="    " + METHOD_ADAM)
    by_hand = METHOD_SCRIPT.format(before=METHOD_ADAM, inside=METHOD_SET_RATE)
    for path, text in ((buggy, rebuilt), (hand, by_hand)):
        path.parent.mkdir(parents=True)
        path.write_text(text)
    expected = run_script(hand)
    assert training_differences(run_script(buggy), expected)
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF030")
    assert fixed.read_text() == by_hand
    assert_same_training(run_script(fixed), expected)
