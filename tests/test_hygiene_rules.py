"""Step-hygiene rules (GF007-GF010, GF012, GF013): what the fixture pairs cannot show.

The fixture test applies safe fixes only and runs GF007 only on pairs; here are the
unsafe fixes (applied with --unsafe-fixes), GF007's silent cases, and the rules working
together on one loop.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from gradfix.runner import Options, process_source
from gradfix.transforms import RULES_BY_CODE, default_codes


def _run(source: str, codes: set[str], unsafe: bool = False) -> tuple[list[str], str | None]:
    result = process_source(
        "case.py", textwrap.dedent(source).encode(), Options(select=frozenset(codes), unsafe_fixes=unsafe, fix=True)
    )
    assert result.error is None, result.error
    fixed = result.fixed.decode() if result.fixed is not None else None
    return [d.code for d in result.diagnostics], fixed


def test_gf007_is_off_by_default_and_the_others_on() -> None:
    assert "GF007" not in default_codes()
    assert {"GF008", "GF009", "GF010", "GF012", "GF013"} <= default_codes()


@pytest.mark.parametrize(
    "clear",
    [
        "optimizer.zero_grad(set_to_none=True)",
        "optimizer.zero_grad(True)",
        "optimizer.zero_grad(set_to_none=keep_memory)",
        "model.zero_grad()",  # a module's clear: not an optimizer's
    ],
)
def test_gf007_silent(clear: str) -> None:
    source = f"""
    import torch
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        {clear}
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
    """
    assert _run(source, {"GF007"}) == ([], None)


def test_gf007_explicit_false_is_fixed_only_with_unsafe_fixes() -> None:
    source = """
    import torch
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        optimizer.zero_grad(set_to_none=False)
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
    """
    assert _run(source, {"GF007"}) == (["GF007"], None)
    codes, fixed = _run(source, {"GF007"}, unsafe=True)
    assert codes == ["GF007"]
    assert fixed is not None and "optimizer.zero_grad(set_to_none=True)" in fixed


def test_gf008_unsafe_fix_clears_through_the_optimizer() -> None:
    source = """
    import torch
    def train(encoder, decoder, loader):
        opt = torch.optim.Adam(decoder.parameters())
        for x in loader:
            encoder.zero_grad()  # clear
            loss = ((decoder(encoder(x)) - x) ** 2).mean()
            loss.backward()
            opt.step()
    """
    assert _run(source, {"GF008"}) == (["GF008"], None)
    codes, fixed = _run(source, {"GF008"}, unsafe=True)
    assert codes == ["GF008"]
    assert fixed is not None and "        opt.zero_grad()  # clear\n" in fixed
    assert "encoder.zero_grad" not in fixed


def test_gf008_no_fix_with_several_optimizers() -> None:
    source = """
    import torch
    def train(model, aux, loader):
        a = torch.optim.SGD(model.parameters(), lr=0.1)
        b = torch.optim.SGD(aux.parameters(), lr=0.1)
        for x in loader:
            model.zero_grad()
            aux(model(x)).sum().backward()
            a.step()
            b.step()
    """
    codes, fixed = _run(source, {"GF008"}, unsafe=True)
    assert codes == ["GF008"]
    assert fixed is None


def test_gf008_silent_when_the_optimizer_is_built_elsewhere() -> None:
    # the optimizer is a parameter: what it owns is decided by the caller
    source = """
    import torch
    def train(model, optimizer, loader):
        for x, y in loader:
            model.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
    """
    assert _run(source, {"GF008"}) == ([], None)


def test_gf008_silent_when_model_is_aliased_to_self_attribute() -> None:
    source = """
    import torch
    class T:
        def __init__(self, model):
            self.net = model
            self.optimizer = torch.optim.Adam(model.parameters())
        def fit(self, loader):
            for x, y in loader:
                self.net.zero_grad()
                torch.nn.functional.mse_loss(self.net(x), y).backward()
                self.optimizer.step()
    """
    assert _run(source, {"GF008"}) == ([], None)


def test_clip_after_scaler_step_ends_unscaled_between_backward_and_step() -> None:
    """GF010 moves the clip before `scaler.step`, then GF013 unscales before it."""
    source = """
    import torch
    def train(model, loader, optimizer):
        scaler = torch.amp.GradScaler("cuda")
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            with torch.autocast("cuda"):
                loss = torch.nn.functional.cross_entropy(model(x), y)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    """
    codes, fixed = _run(source, default_codes())
    assert codes == ["GF010"]
    assert fixed is not None
    lines = [line.strip() for line in fixed.splitlines()]
    order = [
        "scaler.scale(loss).backward()",
        "scaler.unscale_(optimizer)",
        "torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)",
        "scaler.step(optimizer)",
        "scaler.update()",
    ]
    assert [lines.index(s) for s in order] == sorted(lines.index(s) for s in order)
    assert _run(fixed, default_codes()) == ([], None)


def test_gf010_no_fix_when_the_clip_reads_a_name_set_after_the_step() -> None:
    source = """
    import torch
    def train(model, loader, optimizer, schedule):
        for step, (x, y) in enumerate(loader):
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
            max_norm = schedule(step)
            torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
    """
    assert _run(source, {"GF010"}) == (["GF010"], None)


def test_gf013_no_fix_when_the_clip_runs_in_an_inner_loop() -> None:
    # a second unscale_ of the same optimizer in one step raises: report only
    source = """
    import torch
    def train(model, loader, optimizer):
        scaler = torch.amp.GradScaler("cuda")
        for x, y in loader:
            optimizer.zero_grad()
            scaler.scale(model(x, y)).backward()
            for group in optimizer.param_groups:
                torch.nn.utils.clip_grad_norm_(group["params"], 1.0)
            scaler.step(optimizer)
            scaler.update()
    """
    assert _run(source, {"GF013"}) == (["GF013"], None)


def test_gf012_silent_for_a_scheduler_of_another_optimizer() -> None:
    source = """
    import torch
    from torch.optim.lr_scheduler import StepLR
    def train(g, d, loader):
        opt_g = torch.optim.Adam(g.parameters())
        opt_d = torch.optim.Adam(d.parameters())
        sched_d = StepLR(opt_d, 10)
        for x in loader:
            opt_d.zero_grad()
            d(x).mean().backward()
            opt_d.step()
            sched_d.step()
            opt_g.zero_grad()
            g(x).mean().backward()
            opt_g.step()
    """
    assert _run(source, {"GF012"}) == ([], None)


def test_gf009_silent_when_the_accumulator_is_backpropagated_after_the_loop() -> None:
    source = """
    import torch
    def train(model, loader, optimizer):
        total = 0
        for x, y in loader:
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward(retain_graph=True)
            total = total + loss
        optimizer.zero_grad()
        total.backward()
        optimizer.step()
    """
    assert _run(source, {"GF009"}) == ([], None)


@pytest.mark.parametrize("code", ["GF007", "GF008", "GF009", "GF010", "GF012", "GF013"])
def test_rule_docs_have_every_section(code: str) -> None:
    docs = RULES_BY_CODE[code].docs()
    for section in ("## What it does", "## Why is this bad?", "## Example", "## Use instead", "## Fix safety"):
        assert section in docs, (code, section)


CLEAN = Path(__file__).parent / "before_after" / "clean"


@pytest.mark.parametrize(
    "name",
    [
        "set_to_none_false_grads_noised_before_backward.py",  # `.grad` read after the clear: zeros needed
        "custom_optimizer_zero_grad_without_set_to_none.py",  # `zero_grad(set_to_none=True)` would raise
        "factory_built_optimizer_inherits_zero_grad_without_set_to_none.py",  # the same, inherited
        "horovod_distributed_optimizer_bare_clear.py",  # the same, Horovod's wrapper (library table)
    ],
)
def test_gf007_silent_on_correct_clears_even_with_unsafe_fixes(name: str) -> None:
    path = CLEAN / name
    result = process_source(str(path), path.read_bytes(), Options(select=frozenset({"GF007"}), unsafe_fixes=True, fix=True))
    assert result.error is None, result.error
    assert [d.code for d in result.diagnostics] == []
    assert result.fixed is None


def test_gf007_explicit_false_silent_when_a_helper_is_handed_the_model() -> None:
    source = """
    import torch
    from comm import add_averaged_grads
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.zero_grad(set_to_none=False)
        add_averaged_grads(model)
        optimizer.step()
    """
    assert _run(source, {"GF007"}, unsafe=True) == ([], None)


def test_gf007_explicit_false_still_reported_next_to_a_grad_scaler() -> None:
    """`grad_scaler.update()`, `args.max_grad_norm`: names that say `grad` about something else
    are not gradient handling (fuzzer seed 3000499)."""
    source = """
    import torch
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    grad_scaler = torch.amp.GradScaler("cpu")
    for x, y in loader:
        grad_scaler.scale(torch.nn.functional.mse_loss(model(x), y)).backward()
        grad_scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(model.parameters(), args.max_grad_norm)
        grad_scaler.step(optimizer)
        grad_scaler.update()
        optimizer.zero_grad(set_to_none=False)
    """
    codes, fixed = _run(source, {"GF007"}, unsafe=True)
    assert codes == ["GF007"]
    assert fixed is not None and "optimizer.zero_grad(set_to_none=True)" in fixed


SKIPPED_WINDOW = """import torch


def train(model, loader, opt, accum):
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y)
{skip_before}        (loss / accum).backward()
{skip_after}        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        if (i + 1) % accum == 0:
            opt.step()
            opt.zero_grad()
"""
SKIP = """        if not torch.isfinite(loss):
            opt.zero_grad()
            continue
"""
# the same clear written otherwise: not a skip (no `continue`), or after the backward (the
# micro-batch's own gradient is cleared: the clip may see a single one)
CLEARS_AND_GOES_ON = """        if not torch.isfinite(loss):
            opt.zero_grad()
"""


@pytest.mark.parametrize(
    ("before", "after", "reported"),
    [(SKIP, "", True), ("", SKIP, False), (CLEARS_AND_GOES_ON, "", False)],
)
def test_gf010_a_skip_of_a_bad_batch_before_the_backward_is_no_clear_of_every_micro_batch(before: str, after: str, reported: bool) -> None:
    source = SKIPPED_WINDOW.format(skip_before=before, skip_after=after)
    result = process_source("t.py", source.encode(), Options(select=frozenset({"GF010"})))
    assert result.error is None
    assert [d.code for d in result.diagnostics] == (["GF010"] if reported else [])
