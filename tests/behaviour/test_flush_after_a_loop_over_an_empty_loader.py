"""GF006's flush after a batch loop reads the window's counter, which only the loop binds for
an `enumerate` index (`for i, (x, y) in enumerate(loader)`), a name bound from it (`done = i +
1`), a count drawn with `next(counter)` or a `divmod` remainder: on a loader with no batch, the
flush alone raises `NameError` / `UnboundLocalError` where the original ran. The fix binds the
counter before the loop to its value before the first micro-batch (`i = -1`), at which the
flush's test does not hold. Each script trains five epochs of 0, 10, 7, 0 and 5 batches: the
fixed script runs, its text is the hand fix's, and it trains exactly like it (losses and
weights); the same flush without the binding raises. Loops whose counter is bound before them
(`micro = 0` in a `while` loop, `seen = 0` ... `seen += 1`) keep their flush as it was and run
on empty loaders too. A window written as a `match` statement (`match (i + 1) % N:` / `case
0:`) gets the same flush, its test written from the subject and the arm's literal."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import ScriptError, assert_fixed_like_hand, run_script

pytest.importorskip("torch")

HEAD = '''import hashlib
import itertools
import json

import torch
from torch import nn

ACCUM = 4
torch.manual_seed(0)
torch.set_num_threads(1)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
sizes = [0, 10, 7, 0, 5]
data = [[(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(n)] for n in sizes]
losses = []
'''
TAIL = '''digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''
COMMENT = "  # the flush after the loop reads it, also when the loop runs no batch"
FLUSH = "# the last micro-batches did not fill a whole window: step on them too"

# (buggy body, the binding's line, the flush's lines), each as written at the loop's indentation
CASES = {
    "enumerate_in_an_epoch_loop": (
        '''for epoch, loader in enumerate(data):
    {bind}for i, (x, y) in enumerate(loader):
        loss = nn.functional.mse_loss(model(x), y)
        (loss / ACCUM).backward()
        losses.append(loss.item())
        if (i + 1) % ACCUM == 0:
            optimizer.step()
            optimizer.zero_grad()
{flush}''',
        "    i = -1",
        ["", f"    {FLUSH}", "    if (i + 1) % ACCUM != 0:", "        optimizer.step()", "        optimizer.zero_grad()"],
    ),
    "enumerate_from_one_in_a_function": (
        '''def train(loader):
    {bind}for step, (x, y) in enumerate(loader, start=1):
        loss = nn.functional.mse_loss(model(x), y)
        (loss / ACCUM).backward()
        losses.append(loss.item())
        if step % ACCUM == 0:
            optimizer.step()
            optimizer.zero_grad()
{flush}

for loader in data:
    train(loader)
''',
        "    step = 0",
        ["", f"    {FLUSH}", "    if step % ACCUM != 0:", "        optimizer.step()", "        optimizer.zero_grad()"],
    ),
    "name_bound_from_the_index": (
        '''def train(loader):
    {bind}for idx, (x, y) in enumerate(loader):
        loss = nn.functional.mse_loss(model(x), y)
        (loss / ACCUM).backward()
        losses.append(loss.item())
        done = idx + 1
        if done % ACCUM == 0:
            optimizer.step()
            optimizer.zero_grad()
{flush}

for loader in data:
    train(loader)
''',
        "    done = 0",
        ["", f"    {FLUSH}", "    if done % ACCUM != 0:", "        optimizer.step()", "        optimizer.zero_grad()"],
    ),
    "count_drawn_with_next": (
        '''def train(loader):
    counter = itertools.count()
    {bind}for x, y in loader:
        i = next(counter)
        loss = nn.functional.mse_loss(model(x), y)
        (loss / ACCUM).backward()
        losses.append(loss.item())
        if (i + 1) % ACCUM == 0:
            optimizer.step()
            optimizer.zero_grad()
{flush}

for loader in data:
    train(loader)
''',
        "    i = -1",
        ["", f"    {FLUSH}", "    if (i + 1) % ACCUM != 0:", "        optimizer.step()", "        optimizer.zero_grad()"],
    ),
    "divmod_remainder": (
        '''def train(loader):
    {bind}for step, (x, y) in enumerate(loader):
        loss = nn.functional.mse_loss(model(x), y)
        (loss / ACCUM).backward()
        losses.append(loss.item())
        windows, rest = divmod(step + 1, ACCUM)
        if rest == 0:
            optimizer.step()
            optimizer.zero_grad()
{flush}

for loader in data:
    train(loader)
''',
        "    rest = 0",
        ["", f"    {FLUSH}", "    if rest != 0:", "        optimizer.step()", "        optimizer.zero_grad()"],
    ),
    "window_in_a_method_the_loop_calls": (
        '''class Trainer:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def train_step(self, x, y, it):
        loss = nn.functional.mse_loss(self.model(x), y)
        (loss / ACCUM).backward()
        losses.append(loss.item())
        if (it + 1) % ACCUM == 0:
            self.optimizer.step()
            self.optimizer.zero_grad()

    def fit(self, loader):
        {bind}for i, (x, y) in enumerate(loader):
            self.train_step(x, y, i)
{flush}

trainer = Trainer(model, optimizer)
for loader in data:
    trainer.fit(loader)
''',
        "        i = -1",
        ["", f"        {FLUSH}", "        if (i + 1) % ACCUM != 0:", "            self.optimizer.step()", "            self.optimizer.zero_grad()"],
    ),
    "match_window": (
        '''for loader in data:
    {bind}for i, (x, y) in enumerate(loader):
        loss = nn.functional.mse_loss(model(x), y)
        (loss / ACCUM).backward()
        losses.append(loss.item())
        match (i + 1) % ACCUM:
            case 0:
                optimizer.step()
                optimizer.zero_grad()
            case _:
                pass
{flush}''',
        "    i = -1",
        ["", f"    {FLUSH}", "    if (i + 1) % ACCUM != 0:", "        optimizer.step()", "        optimizer.zero_grad()"],
    ),
}

# counters bound before the loop: the flush is as before, and runs on an empty loader
BOUND_BEFORE = {
    "while_loop_draining_an_iterator": (
        '''for loader in data:
    it = iter(loader)
    micro = 0
    while True:
        try:
            x, y = next(it)
        except StopIteration:
            break
        loss = nn.functional.mse_loss(model(x), y)
        (loss / ACCUM).backward()
        losses.append(loss.item())
        micro += 1
        if micro % ACCUM == 0:
            optimizer.step()
            optimizer.zero_grad()
{flush}''',
        ["", f"    {FLUSH}", "    if micro % ACCUM != 0:", "        optimizer.step()", "        optimizer.zero_grad()"],
    ),
    "counter_set_before_a_for_loop": (
        '''for loader in data:
    seen = 0
    for x, y in loader:
        loss = nn.functional.mse_loss(model(x), y)
        (loss / ACCUM).backward()
        losses.append(loss.item())
        seen += 1
        if seen % ACCUM == 0:
            optimizer.step()
            optimizer.zero_grad()
{flush}''',
        ["", f"    {FLUSH}", "    if seen % ACCUM != 0:", "        optimizer.step()", "        optimizer.zero_grad()"],
    ),
    "match_window_of_a_while_loop": (
        '''for loader in data:
    it = iter(loader)
    micro = 0
    while True:
        try:
            x, y = next(it)
        except StopIteration:
            break
        loss = nn.functional.mse_loss(model(x), y)
        (loss / ACCUM).backward()
        losses.append(loss.item())
        micro += 1
        match micro % ACCUM:
            case 0:
                optimizer.step()
                optimizer.zero_grad()
{flush}''',
        ["", f"    {FLUSH}", "    if micro % ACCUM != 0:", "        optimizer.step()", "        optimizer.zero_grad()"],
    ),
}


def _script(body: str, bind: str, flush: list[str]) -> str:
    indent = bind[: len(bind) - len(bind.lstrip())]
    binding = f"{bind.lstrip()}{COMMENT}\n{indent}" if bind else ""
    return HEAD + body.format(bind=binding, flush="".join(f"{line}\n" for line in flush)) + TAIL


@pytest.mark.parametrize("case", sorted(CASES))
def test_flush_binds_the_counter_before_the_loop(tmp_path: Path, case: str) -> None:
    body, bind, flush = CASES[case]
    args = ("--select", "GF006", "--unsafe-fixes") if "method" in case else ("--select", "GF006")
    assert_fixed_like_hand(tmp_path, _script(body, "", []), _script(body, bind, flush), *args)
    # the flush alone, as gradfix wrote it before: the empty first epoch raises
    alone = tmp_path / "alone" / "train.py"
    alone.parent.mkdir()
    alone.write_text(_script(body, "", flush))
    with pytest.raises(ScriptError, match="NameError|UnboundLocalError"):
        run_script(alone)


@pytest.mark.parametrize("case", sorted(BOUND_BEFORE))
def test_counter_bound_before_the_loop_keeps_its_flush(tmp_path: Path, case: str) -> None:
    body, flush = BOUND_BEFORE[case]
    assert_fixed_like_hand(tmp_path, _script(body, "", []), _script(body, "", flush), "--select", "GF006")
