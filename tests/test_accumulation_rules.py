"""The accumulation rules (GF005, GF006, GF011, GF015) and the analysis they share.

Fixture pairs live under tests/before_after/ and run in test_before_after.py; this file
checks there are enough of them, and pins down the accumulation model on small loops.
"""

from __future__ import annotations

from pathlib import Path


import pytest

from gradfix.analysis.accumulation import accumulations, first_window, window_is_full
from gradfix.analysis.loops import build_model
from gradfix.source import Source
from gradfix.runner import Options, process_source
from gradfix.transforms import RULES_BY_CODE, default_codes

FIXTURES = Path(__file__).parent / "before_after"
ACCUMULATION_CODES = ("GF005", "GF006", "GF011", "GF015")


def test_enough_accumulation_fixtures() -> None:
    for code in ACCUMULATION_CODES:
        pairs = list(FIXTURES.glob(f"{code}_*/*.before.py"))
        assert len(pairs) >= 8, (code, len(pairs))
    assert len(list(FIXTURES.glob("GF001_*/accumulation_*.before.py"))) >= 2
    assert len(list((FIXTURES / "clean").glob("accum_*.py"))) >= 8


def test_rules_are_registered_with_docs() -> None:
    for code in ACCUMULATION_CODES:
        rule = RULES_BY_CODE[code]
        assert code in default_codes()
        docs = rule.docs()
        for section in ("## What it does", "## Why is this bad?", "## Example", "## Use instead", "## Fix safety"):
            assert section in docs, (code, section)


def _one(source: str):
    model = build_model(Source.from_text(source))
    found = accumulations(model)
    return found[0] if found else None


LOOP = """
for {target} in {iterable}:
{before}    loss = criterion(model(x), y) / N
    loss.backward()
    if {test}:
        optimizer.step()
        optimizer.zero_grad()
{after}"""


def _loop(test: str, target: str = "i, (x, y)", iterable: str = "enumerate(loader)", before: str = "", after: str = "") -> str:
    return "import torch\noptimizer = torch.optim.SGD(model.parameters())\n" + LOOP.format(
        target=target, iterable=iterable, test=test, before=before, after=after
    )


@pytest.mark.parametrize(
    "test,iterable,full",
    [
        ("(i + 1) % N == 0", "enumerate(loader)", True),
        ("i % N == N - 1", "enumerate(loader)", True),
        ("i % N == 0", "enumerate(loader)", False),
        ("i % N == 0", "enumerate(loader, start=1)", True),
        ("i % N == 0", "enumerate(loader, 1)", True),
        ("not (i + 1) % N", "enumerate(loader)", True),
        ("i % 4 == 3", "enumerate(loader)", True),
        ("i % 4 == 0", "enumerate(loader)", False),
    ],
)
def test_first_window_of_enumerate_counters(test: str, iterable: str, full: bool) -> None:
    acc = _one(_loop(test, iterable=iterable))
    assert acc is not None
    assert acc.counter.kind == "enumerate"
    assert window_is_full(acc) is full


def test_literal_window_size_is_counted() -> None:
    acc = _one(_loop("(i + 1) % 4 == 0", iterable="enumerate(loader, start=1)"))
    assert acc is not None and first_window(acc) == 3


@pytest.mark.parametrize("increment_first,full", [(True, True), (False, False)])
def test_counter_variable_incremented_before_or_after_the_test(increment_first: bool, full: bool) -> None:
    source = (
        "import torch\noptimizer = torch.optim.SGD(model.parameters())\nstep = 0\n"
        "for x, y in loader:\n"
        + ("    step += 1\n" if increment_first else "")
        + "    (criterion(model(x), y) / N).backward()\n"
        "    if step % N == 0:\n"
        "        optimizer.step()\n"
        "        optimizer.zero_grad()\n"
        + ("" if increment_first else "    step += 1\n")
    )
    acc = _one(source)
    assert acc is not None
    assert acc.counter.kind == "variable" and acc.counter.before_test is increment_first
    assert window_is_full(acc) is full


def test_tail_disjunct_is_recognised() -> None:
    acc = _one(_loop("(i + 1) % N == 0 or (i + 1) == len(loader)"))
    assert acc is not None and acc.periodic.tail


@pytest.mark.parametrize(
    "test",
    [
        "(i + 1) % N == 0 or i == len(loader) - 1",
        "(i + 1) % N == 0 or step >= total_steps",
        "(i + 1) % N == 0 or is_last_batch",
        "(i + 1) % N == 0 or accelerator.end_of_dataloader",
    ],
)
def test_last_batch_disjuncts(test: str) -> None:
    acc = _one(_loop(test))
    assert acc is not None and acc.periodic.tail


@pytest.mark.parametrize(
    "test",
    ["(accumulate and (i + 1) % N == 0) or not accumulate", "(i + 1) % N == 0 or debug", "(i + 1) % N == 0 or i < 10"],
)
def test_other_disjuncts_are_not_accumulation(test: str) -> None:
    """An `or` part that is no last-batch test makes the loop step when no window is full
    (with the flag off, on every batch): not a window of N micro-batches."""
    assert _one(_loop(test)) is None


@pytest.mark.parametrize(
    "test,full,skip_zero",
    [
        ("(i + 1) % N == 0 or N == 1", True, False),
        ("N <= 1 or (i + 1) % N == 0", True, False),
        ("(i + 1) % N == 0 or not N > 1", True, False),
        ("(i + 1) % N == 0 or 2 > N", True, False),
        ("(i > 0 or N == 1) and i % N == 0", False, True),
        ("(i + 1) % cfg.acc == 0 or cfg.acc == 1", True, False),
    ],
)
def test_a_part_true_only_for_one_micro_batch_per_window_is_no_other_step(test: str, full: bool, skip_zero: bool) -> None:
    """`or N == 1` (`N <= 1`, `not N > 1`) steps on every micro-batch only when nothing
    accumulates: with N > 1 it is false, and the window is the rest of the test."""
    acc = _one(_loop(test))
    assert acc is not None and not acc.periodic.tail
    assert acc.periodic.skip_zero is skip_zero
    assert window_is_full(acc) is full


@pytest.mark.parametrize(
    "test",
    ["(i + 1) % N == 0 or M == 1", "(i + 1) % N == 0 or N == 2", "(i + 1) % N == 0 or N > 1", "(i > 0 or N > 1) and i % N == 0"],
)
def test_a_part_on_another_name_or_another_count_is_not_dropped(test: str) -> None:
    assert _one(_loop(test)) is None


def test_clear_under_the_step_test_before_the_backward_is_not_accumulation() -> None:
    """`if boundary: clear` before the backward and `if boundary: step` after it: the clear
    wipes the window on its last micro-batch, so each step sees one micro-batch (no window to
    divide by, no tail to flush). A clear at a window's first micro-batch still is one."""
    wiped = """
import torch
optimizer = torch.optim.SGD(model.parameters())
for i, (x, y) in enumerate(loader):
    boundary = (i + 1) % N == 0
    if boundary:
        optimizer.zero_grad()
    criterion(model(x), y).backward()
    if boundary:
        optimizer.step()
"""
    assert _one(wiped) is None
    assert _one(wiped.replace("    if boundary:\n        optimizer.zero_grad()", "    if i % N == 0:\n        optimizer.zero_grad()")) is not None


def test_condition_on_an_outer_counter_has_unknown_counter() -> None:
    acc = _one(_loop("epoch % 2 == 0"))
    assert acc is not None and acc.counter.kind == "unknown"
    assert window_is_full(acc) is None


def test_backward_inside_the_condition_is_not_accumulation() -> None:
    source = """
import torch
opt_g = torch.optim.Adam(g.parameters())
opt_d = torch.optim.Adam(d.parameters())
for i, real in enumerate(loader):
    opt_d.zero_grad()
    d(real).mean().backward()
    opt_d.step()
    opt_g.zero_grad()
    if i % n_critic == 0:
        g_loss = -d(g(z)).mean()
        g_loss.backward()
        opt_g.step()
"""
    assert _one(source) is None


def test_accelerate_accumulate_is_left_to_the_library() -> None:
    source = """
for batch in loader:
    with accelerator.accumulate(model):
        accelerator.backward(model(batch).loss)
        optimizer.step()
        optimizer.zero_grad()
"""
    assert _one(source) is None


def _fix(source: str, code: str) -> str:
    result = process_source("t.py", source.encode(), Options(select=frozenset({code}), fix=True))
    assert result.error is None
    return (result.fixed or source.encode()).decode()


def test_gf006_waits_for_gf015_then_uses_the_fixed_condition() -> None:
    source = _loop("i % N == 0")
    codes = {"GF006", "GF015"}
    result = process_source("t.py", source.encode(), Options(select=frozenset(codes), fix=True))
    assert {d.code for d in result.diagnostics} == codes
    fixed = (result.fixed or b"").decode()
    assert "if (i + 1) % N == 0:" in fixed
    assert "if (i + 1) % N != 0:" in fixed
    assert "if i % N != 0" not in fixed


def test_gf006_flush_after_gf011_carries_the_clear() -> None:
    source = _loop("(i + 1) % N == 0").replace("        optimizer.zero_grad()\n", "").replace(
        "    loss = criterion", "    optimizer.zero_grad()\n    loss = criterion"
    )
    result = process_source("t.py", source.encode(), Options(select=frozenset({"GF006", "GF011"}), fix=True))
    fixed = (result.fixed or b"").decode()
    flush = fixed.split("if (i + 1) % N != 0:", 1)[1]
    assert "optimizer.step()" in flush and "optimizer.zero_grad()" in flush
    assert fixed.count("optimizer.zero_grad()") == 2


def test_gf005_keeps_the_logged_loss() -> None:
    source = _loop("(i + 1) % N == 0 or (i + 1) == len(loader)").replace(" / N\n", "\n")
    fixed = _fix(source, "GF005")
    assert "loss = criterion(model(x), y)\n" in fixed
    assert "(loss / N).backward()" in fixed


def _blocks(docs: str, section: str) -> str:
    text = docs.split(section, 1)[1]
    return text.split("```python\n", 1)[1].split("```", 1)[0]


@pytest.mark.parametrize("code", ACCUMULATION_CODES)
def test_documented_example_is_reported_and_its_fix_is_not(code: str) -> None:
    docs = RULES_BY_CODE[code].docs()
    example, fixed = _blocks(docs, "## Example"), _blocks(docs, "## Use instead")
    options = Options(select=frozenset({code}), fix=True)
    reported = process_source("example.py", example.encode(), options)
    assert [d.code for d in reported.diagnostics] == [code]
    assert reported.fixed is not None and reported.fixed.decode() == fixed
    assert process_source("fixed.py", fixed.encode(), options).diagnostics == []


@pytest.mark.parametrize(
    "before,after",
    [
        ("    if i >= max_iters:\n        break\n", ""),  # before the backward: `i` ends one past the last micro-batch
        ("    loss = criterion(model(x), y) / N\n    if torch.isnan(loss):\n        break\n", ""),  # a NaN check before the backward
        ("", "    if trigger():\n        break\n"),  # after the window, on any micro-batch: a part window left by choice
        ("", "    done = i // N\n    if i > 3:\n        if done == 5:\n            break\n"),  # nested: one micro-batch past window 5's step
    ],
)
def test_gf006_offers_no_flush_when_the_loop_can_break(before: str, after: str) -> None:
    """Found on a real repository's shape: with `if i >= max_iters: break` first in the body, a
    flush under `(i + 1) % N != 0` stepped an empty window when the last window was full and
    skipped the micro-batches left over otherwise. Any `break` of the loop's own makes the
    counter unreliable at the end: the finding stays, without a fix (also with unsafe fixes). A
    `break` after the window that may come mid-window leaves a part window by choice: no fix
    either (a flush made one update more than a max-steps count on openvla's finetune script)."""
    source = _loop("(i + 1) % N == 0", before=before, after=after)
    assert "break" in source
    result = process_source("t.py", source.encode(), Options(select=frozenset({"GF006"}), fix=True, unsafe_fixes=True))
    assert [d.code for d in result.diagnostics] == ["GF006"]
    assert result.fixed is None


def test_gf006_still_flushes_when_only_an_inner_loop_breaks_or_the_break_follows_the_window() -> None:
    inner = "    for part in x:\n        if part is None:\n            break\n"
    assert "if (i + 1) % N != 0:" in _fix(_loop("(i + 1) % N == 0", before=inner), "GF006")
    # after the window's `if`, a test that can only turn true in its stepping arm: it leaves right after a step
    late = "    if (i + 1) // N == max_windows:\n        break\n"
    assert "if (i + 1) % N != 0:" in _fix(_loop("(i + 1) % N == 0", after=late), "GF006")


def test_gf005_helper_of_another_module_backpropagating_its_own_loss(tmp_path: Path) -> None:
    """The helper computes the loss and runs `backward()` in another file: reported at the
    call, with no fix (the helper's other callers would be divided too)."""
    from conftest import run_gradfix

    (tmp_path / ".git").mkdir()
    (tmp_path / "engine.py").write_text(
        "def forward_backward(net, crit, batch):\n"
        "    x, y = batch\n"
        "    loss = crit(net(x), y)\n"
        "    loss.backward()\n"
        "    return loss.detach()\n"
    )
    train = (
        "from engine import forward_backward\n"
        "\n"
        "\n"
        "def run(net, loader, opt, crit, steps_per_update=8):\n"
        "    for i, batch in enumerate(loader):\n"
        "        forward_backward(net, crit, batch)\n"
        "        if (i + 1) % steps_per_update == 0 or i + 1 == len(loader):\n"
        "            opt.step()\n"
        "            opt.zero_grad()\n"
    )
    (tmp_path / "train.py").write_text(train)
    found = run_gradfix("--no-cache", "--select", "GF005", "train.py", cwd=tmp_path)
    assert found.returncode == 1, found.stderr.decode()
    assert found.stdout.decode().splitlines()[0] == (
        "train.py:6:9: GF005 `forward_backward(...)` backpropagates `loss` unscaled while gradients accumulate"
        " over `steps_per_update` micro-batches: divide it by `steps_per_update`"
    )
    run_gradfix("--no-cache", "--write", "--unsafe-fixes", ".", cwd=tmp_path)
    assert (tmp_path / "train.py").read_text() == train
    # a helper that divides by what it is handed stays silent
    (tmp_path / "engine.py").write_text(
        "def forward_backward(net, crit, batch, n):\n"
        "    x, y = batch\n"
        "    (crit(net(x), y) / n).backward()\n"
    )
    (tmp_path / "train.py").write_text(train.replace("crit, batch)", "crit, batch, steps_per_update)"))
    assert run_gradfix("--no-cache", "--select", "GF005", "train.py", cwd=tmp_path).returncode == 0


STEP_FUNCTION_CLEARING_FIRST = """import torch
from torch import nn

model = nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = [(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(10)]
ACCUM = 4


def train_step(x, y, i):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y) / ACCUM
    loss.backward()
    if (i + 1) % ACCUM == 0:
        optimizer.step()


for epoch in range(3):
    for i, (x, y) in enumerate(loader):
        train_step(x, y, i)
    if len(loader) % ACCUM:
        optimizer.step()
        optimizer.zero_grad()
"""


def test_a_step_function_seen_twice_is_reported_once() -> None:
    """The step function is an iteration of its own and a part of the loop calling it: both
    find the clear; one finding is reported, the one with the fix."""
    result = process_source("step.py", STEP_FUNCTION_CLEARING_FIRST.encode(), Options(select=frozenset({"GF011"}), fix=True))
    assert [(d.code, d.line, d.fix_safety) for d in result.diagnostics] == [("GF011", 11, "safe")]
    assert result.fixed is not None and b"    optimizer.zero_grad()\n    loss" not in result.fixed


def test_gf006_window_calling_a_plain_helper_of_another_module(tmp_path: Path) -> None:
    """The window's `if` calls `set_lr(optimizer, ...)` from a module of the project that says no
    gradient word: it cannot step or clear, and the missing flush is reported as with a helper of
    the same file. A helper that calls a function of another module of the project (or a
    callback, or `getattr`) still silences it (gradfix does not follow it there)."""
    from conftest import run_gradfix

    (tmp_path / ".git").mkdir()
    (tmp_path / "schedule.py").write_text(
        "import math\n"
        "\n"
        "\n"
        "def set_lr(optimizer, updates, base=0.1):\n"
        "    for group in optimizer.param_groups:\n"
        "        group['lr'] = base / math.sqrt(updates)\n"
    )
    train = (
        "from schedule import set_lr\n"
        "\n"
        "\n"
        "def run(net, loader, optimizer, crit, accum=4):\n"
        "    updates = 0\n"
        "    for i, (x, y) in enumerate(loader):\n"
        "        (crit(net(x), y) / accum).backward()\n"
        "        if (i + 1) % accum == 0:\n"
        "            optimizer.step()\n"
        "            optimizer.zero_grad()\n"
        "            updates += 1\n"
        "            set_lr(optimizer, updates)\n"
    )
    (tmp_path / "train.py").write_text(train)
    found = run_gradfix("--no-cache", "--select", "GF006", "train.py", cwd=tmp_path)
    assert found.returncode == 1, found.stderr.decode()
    assert found.stdout.decode().startswith("train.py:9:13: GF006 ")
    # a helper calling a function of another module of the project: it may reach a step
    (tmp_path / "engine.py").write_text("def apply(optimizer, loss):\n    loss.backward()\n    optimizer.step()\n")
    (tmp_path / "schedule.py").write_text(
        "from engine import apply\n"
        "\n"
        "\n"
        "def set_lr(optimizer, updates):\n"
        "    apply(optimizer, updates)\n"
    )
    assert run_gradfix("--no-cache", "--select", "GF006", "train.py", cwd=tmp_path).returncode == 0


ONE_CYCLE = """
import math
import torch
from math import ceil


def train(model, loader, epochs, accum=4):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.1, total_steps=epochs * ({horizon}))
    for epoch in range(epochs):
        for i, (x, y) in enumerate(loader):
            (torch.nn.functional.mse_loss(model(x), y) / accum).backward()
            if (i + 1) % accum == 0:
                opt.step()
                sched.step()
                opt.zero_grad()
"""


@pytest.mark.parametrize(
    ("horizon", "flushed"),
    [
        ("math.ceil(len(loader) / accum)", True),
        ("ceil(len(loader) / accum)", True),
        ("-(-len(loader) // accum)", True),
        ("(len(loader) + accum - 1) // accum", True),
        ("(accum - 1 + len(loader)) // accum", True),
        ("int(math.ceil(len(loader) / accum))", True),
        ("len(loader) // accum", False),
        ("int(len(loader) / accum)", False),
        ("math.ceil(len(loader) // accum)", False),
        ("-(len(loader) // accum)", False),
        ("(len(loader) + accum + 1) // accum", False),
        ("(len(loader) - accum - 1) // accum", False),
        ("(len(loader) + 2 * accum - 1) // accum", False),
    ],
)
def test_gf006_one_cycle_horizon_rounded_up_gets_the_flush(horizon: str, flushed: bool) -> None:
    """A OneCycleLR horizon counting the last, shorter window too (a ceiling idiom) has room
    for the flush's scheduler step: the (unsafe) flush is offered; rounded down, none is."""
    source = ONE_CYCLE.format(horizon=horizon)
    result = process_source("t.py", source.encode(), Options(select=frozenset({"GF006"}), fix=True, unsafe_fixes=True))
    assert result.error is None
    fixed = (result.fixed or source.encode()).decode()
    assert ("if (i + 1) % accum != 0:" in fixed) is flushed
    assert _fix(source, "GF006") == source  # never a safe fix: the scheduler steps once more


COUNTED_WINDOW = """import torch
model = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
loader = torch.utils.data.DataLoader(list(zip(torch.randn(80, 4), torch.randn(80, 1))), batch_size=8)
seen = 0
for x, y in loader:
    torch.nn.functional.mse_loss(model(x), y).backward()
    {increment}
    if {test}:
        opt.step()
        opt.zero_grad()
{reset}"""


@pytest.mark.parametrize(
    "increment,test,reset",
    [
        ("seen += x.size(0)", "seen % 16 == 0", ""),
        ("seen += 8", "seen % 16 == 0", ""),
        ("seen += len(x)", "(seen + 1) % 16 == 0", ""),
        ("seen = seen + x.shape[0]", "seen % 16 == 0", ""),
        ("seen = x.numel() + seen", "seen % 16 == 0", ""),
        ("seen += x.numel()", "seen >= 64", "        seen = 0\n"),
        ("seen += 2", "seen == 16", "        seen = 0\n"),
    ],
)
def test_a_counter_of_samples_or_tokens_is_no_window_of_n(increment: str, test: str, reset: str) -> None:
    """The window's counter goes up by something else than 1 per micro-batch (samples, tokens):
    a window holds some number of micro-batches that is not N, so nothing is divided by N."""
    source = COUNTED_WINDOW.format(increment=increment, test=test, reset=reset)
    acc = _one(source)
    assert acc is not None and not acc.by_one
    result = process_source("t.py", source.encode(), Options(select=frozenset(ACCUMULATION_CODES), unsafe_fixes=True, fix=False))
    assert result.error is None and not result.diagnostics, [d.message for d in result.diagnostics]


@pytest.mark.parametrize("increment", ["seen += 1", "seen = seen + 1", "seen = 1 + seen"])
def test_a_counter_of_micro_batches_is_a_window_of_n(increment: str) -> None:
    source = COUNTED_WINDOW.format(increment=increment, test="seen % 2 == 0", reset="")
    acc = _one(source)
    assert acc is not None and acc.by_one
    result = process_source("t.py", source.encode(), Options(select=frozenset({"GF005"}), unsafe_fixes=False, fix=False))
    assert [d.code for d in result.diagnostics] == ["GF005"]


def test_a_samples_counter_kept_by_a_method_of_the_class_is_no_window_of_n() -> None:
    """`self.seen += x.shape[0]` in the helper the loop calls: `self.seen % 64` counts samples."""
    source = (
        "import torch\n\n\nclass Trainer:\n"
        "    def __init__(self, model, opt):\n        self.model, self.opt, self.seen = model, opt, 0\n\n"
        "    def micro(self, x, y):\n        torch.nn.functional.mse_loss(self.model(x), y).backward()\n"
        "        self.seen += {increment}\n\n"
        "    def fit(self, loader):\n        for x, y in loader:\n            self.micro(x, y)\n"
        "            if self.seen % 64 == 0:\n                self.opt.step()\n                self.opt.zero_grad()\n"
    )
    options = Options(select=frozenset({"GF005"}), unsafe_fixes=True, fix=False)
    assert not process_source("t.py", source.format(increment="x.shape[0]").encode(), options).diagnostics
    assert [d.code for d in process_source("t.py", source.format(increment="1").encode(), options).diagnostics] == ["GF005"]


EPOCHS_WITH_A_RESET = """import torch
opt = torch.optim.SGD(model.parameters(), lr=0.1)
seen = 0
for epoch in range(epochs):
    for x, y in loader:
        (criterion(model(x), y) / N).backward()
        seen += 1
        if seen % N == 0:
            opt.step()
            opt.zero_grad()
{between}    seen = {value}
"""


@pytest.mark.parametrize(
    ("between", "value", "per_loop"),
    [
        ("", "0", True),
        ("    print(epoch)\n", "0", True),
        ("    if epoch < 2:\n        continue\n", "0", False),  # a pass may keep its count
        ("    if epoch > 5:\n        break\n", "0", False),
        ("", "1", False),  # another start than the first pass's
        ("    seen += 3\n", "0", False),  # bound twice after the batch loop
        ("    if epoch:\n        seen = 0\n", "0", False),
    ],
)
def test_a_counter_reset_after_each_pass_counts_each_pass_afresh(between: str, value: str, per_loop: bool) -> None:
    """`seen = 0` before the epochs and again after each epoch's batch loop: every pass of the
    batch loop starts from 0 (GF006 then reads its tail), unless the pass can end before the
    reset, the reset sets another literal, or the name is bound again after the loop."""
    source = EPOCHS_WITH_A_RESET.format(between=between, value=value)
    acc = _one(source)
    assert acc is not None and acc.counter.kind == "variable"
    assert acc.counter.per_loop is per_loop
    result = process_source("t.py", source.encode(), Options(select=frozenset({"GF006"}), unsafe_fixes=True, fix=False))
    assert [d.code for d in result.diagnostics] == (["GF006"] if per_loop else [])


ASSERTED = '''def train(model, loader, optimizer, criterion, cfg):
    {assertion}
    for epoch in range(3):
        for step, (x, y) in enumerate(loader):
            (criterion(model(x), y) / cfg.accum).backward()
            if (step + 1) % cfg.accum == 0:
                optimizer.step()
                optimizer.zero_grad()
    {late}
'''


@pytest.mark.parametrize(
    "assertion, late, reported",
    [
        ('assert len(loader) % cfg.accum == 0, "whole windows only"', "", False),
        ("assert not len(loader) % cfg.accum", "", False),
        ("assert len(val_loader) % cfg.accum == 0", "", True),  # another loader's length
        ("assert len(loader) % 4 == 0", "", True),  # another count
        ("pass", "assert len(loader) % cfg.accum == 0", True),  # after the loop: the tail was dropped already
    ],
)
def test_gf006_trusts_an_assert_that_the_data_comes_in_whole_windows(assertion: str, late: str, reported: bool) -> None:
    source = ASSERTED.format(assertion=assertion, late=late or "pass")
    result = process_source("t.py", source.encode(), Options(select=frozenset({"GF006"})))
    assert [d.code for d in result.diagnostics] == (["GF006"] if reported else [])


NORMALISED_BY_TOKENS = """import torch
from shared import scale_by


class Finetuner:
    def __init__(self, net, loader, accum_steps):
        self.net = net
        self.loader = loader
        self.accum_steps = accum_steps
        self.opt = torch.optim.AdamW(net.parameters(), lr=1e-4)
        self.n_tokens = 0
        self.fused_step = False

    def fit(self, epochs):
        for _ in range(epochs):
            for step, batch in enumerate(self.loader):
                self.n_tokens += (batch["labels"] != -100).sum()
                loss = torch.nn.functional.cross_entropy(self.net(batch["x"]), batch["labels"], reduction="sum")
                loss.backward()
                if (step + 1) % self.accum_steps == 0:
{window}
"""
# the step divides by the count inside a block of its own, then the count is set back to 0
RESET_AFTER_THE_BLOCK = """                    if not self.fused_step:
                        scale_by(self.net.parameters(), 1 / self.n_tokens)
                        self.opt.step()
                        self.opt.zero_grad(set_to_none=True)
                    print("tokens", self.n_tokens)
                    self.n_tokens = 0"""
# the same division written as a statement of its own before the step
SCALED_BEFORE_THE_STEP = """                    scale_by(self.net.parameters(), 1 / self.n_tokens)
                    self.opt.step()
                    self.opt.zero_grad(set_to_none=True)
                    self.n_tokens = 0"""


def _unsafe(source: str) -> tuple[list[str], str]:
    result = process_source("t.py", source.encode(), Options(select=frozenset({"GF006"}), fix=True, unsafe_fixes=True))
    assert result.error is None
    return [d.code for d in result.diagnostics], (result.fixed or source.encode()).decode()


def test_gf006_flush_resets_the_count_its_step_divided_by() -> None:
    """A window that divides the gradients by a token count and sets the count back to 0 after
    the step: the (unsafe) flush is a window's end too, so it resets the count after its step;
    without the reset, the next epoch's first window would be divided by the tail's tokens too.
    A count only the window's logging reads (here none) is left alone."""
    codes, fixed = _unsafe(NORMALISED_BY_TOKENS.format(window=RESET_AFTER_THE_BLOCK))
    assert codes == ["GF006"]
    flush = fixed.split("step on them too\n", 1)[1]
    assert flush == (
        "            if (step + 1) % self.accum_steps != 0:\n"
        "                if not self.fused_step:\n"
        "                    scale_by(self.net.parameters(), 1 / self.n_tokens)\n"
        "                    self.opt.step()\n"
        "                    self.opt.zero_grad(set_to_none=True)\n"
        "                self.n_tokens = 0\n"
    )
    assert _fix(NORMALISED_BY_TOKENS.format(window=RESET_AFTER_THE_BLOCK), "GF006").count("step on them too") == 0


def test_gf006_withholds_the_flush_when_it_would_leave_out_a_scaling_of_the_gradients() -> None:
    """The gradients are scaled by a call of their own before the step (handed the parameters,
    or a helper of this module that writes `.grad`): a flush copying only the step and the clear
    would step on unscaled sums. Reported, no fix."""
    codes, fixed = _unsafe(NORMALISED_BY_TOKENS.format(window=SCALED_BEFORE_THE_STEP))
    assert codes == ["GF006"] and "step on them too" not in fixed
    helper = (
        "import torch\n\n\ndef rescale(model, factor):\n    for p in model.parameters():\n        p.grad.mul_(factor)\n\n\n"
        "def fit(model, loader, opt, accum, epochs):\n    seen = 0\n    for _ in range(epochs):\n"
        "        for i, (x, y) in enumerate(loader):\n            seen += len(x)\n"
        "            torch.nn.functional.mse_loss(model(x), y, reduction='sum').backward()\n"
        "            if (i + 1) % accum == 0:\n                rescale(model, 1.0 / seen)\n"
        "                opt.step()\n                opt.zero_grad()\n                seen = 0\n"
    )
    codes, fixed = _unsafe(helper)
    assert codes == ["GF006"] and "step on them too" not in fixed


def test_gf006_still_flushes_past_a_logging_block_that_reads_the_gradients() -> None:
    """A block before the window's step that only logs statistics of `.grad` (`p.grad.std()`)
    scales nothing: the (unsafe) flush leaves it out, as any logging."""
    source = NORMALISED_BY_TOKENS.format(
        window="""                    if self.n_tokens > 0 and step % 100 == 0:
                        for name, p in self.net.named_parameters():
                            print(name, p.grad.std().item())
                    self.opt.step()
                    self.opt.zero_grad(set_to_none=True)
                    self.n_tokens = 0"""
    )
    codes, fixed = _unsafe(source)
    assert codes == ["GF006"]
    assert fixed.split("step on them too\n", 1)[1] == (
        "            if (step + 1) % self.accum_steps != 0:\n"
        "                self.opt.step()\n"
        "                self.opt.zero_grad(set_to_none=True)\n"
    )


ACROSS = """import torch
opt = torch.optim.SGD(model.parameters(), lr=0.1)
it = 0
for epoch in range(epochs):
{top}    for x, y in loader:
        (loss_fn(model(x), y) / N).backward()
        it += 1
        if it % N == 0:
            opt.step()
            opt.zero_grad()
{bottom}"""


def test_gf006_counter_across_epochs_is_flushed_after_the_epoch_loop() -> None:
    """`it = 0` before the epochs, never reset: the windows run across the epochs and the flush
    goes after the epoch loop, at the counter's level (after the batch loop it would cut every
    window at the epoch's end)."""
    fixed = _fix(ACROSS.format(top="", bottom=""), "GF006")
    assert fixed.endswith("\n\n# the last micro-batches did not fill a whole window: step on them too\nif it % N != 0:\n    opt.step()\n    opt.zero_grad()\n")


@pytest.mark.parametrize(
    "top,bottom",
    [
        ("    it = state.get(epoch, it)\n", ""),  # set back per epoch in a way not read
        ("", "    it = restore(it)\n"),
        ("    opt.zero_grad()\n", ""),  # each epoch clears on its own: its tail is dropped there
        ("", "    scheduler.step()\n"),  # something of the epoch steps: not read
    ],
)
def test_gf006_counter_across_epochs_reset_or_handled_per_epoch_is_not_read(top: str, bottom: str) -> None:
    source = ACROSS.format(top=top, bottom=bottom)
    result = process_source("t.py", source.encode(), Options(select=frozenset({"GF006"}), fix=True, unsafe_fixes=True))
    assert result.diagnostics == []


def test_gf006_counter_across_epochs_with_an_epoch_break_has_no_fix() -> None:
    source = ACROSS.format(top="", bottom="    if epoch == stop_at:\n        break\n")
    result = process_source("t.py", source.encode(), Options(select=frozenset({"GF006"}), fix=True, unsafe_fixes=True))
    assert [d.code for d in result.diagnostics] == ["GF006"]
    assert result.fixed is None
