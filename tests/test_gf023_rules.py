"""GF023 scaled-loss-stepped-without-scaler: what the fixture pairs cannot show (the unsafe fix,
findings without a fix, silences that need a shape of their own)."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

from gradfix.runner import Options, process_source
from gradfix.transforms import RULES_BY_CODE, default_codes

FIXTURES = Path(__file__).parent / "before_after" / "GF023_scaled_loss_stepped_without_scaler"


def _run(source: str, codes: set[str] = {"GF023"}, unsafe: bool = False) -> tuple[list[str], str | None]:  # noqa: B006
    result = process_source(
        "case.py", textwrap.dedent(source).encode(), Options(select=frozenset(codes), unsafe_fixes=unsafe, fix=True)
    )
    assert result.error is None, result.error
    fixed = result.fixed.decode() if result.fixed is not None else None
    if fixed is not None:
        ast.parse(fixed)
        again = process_source("case.py", fixed.encode(), Options(select=frozenset(codes), unsafe_fixes=unsafe, fix=True))
        assert again.fixed is None, "a second pass changed the fixed output"
    return [d.code for d in result.diagnostics], fixed


LOOP = """
import torch

scaler = {scaler}
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for i, (x, y) in enumerate(loader):
    optimizer.zero_grad()
    with torch.autocast("cuda"):
        loss = criterion(model(x), y)
    scaler.scale(loss).backward()
{tail}
"""


def _loop(tail: str, scaler: str = 'torch.amp.GradScaler("cuda")') -> str:
    return LOOP.format(scaler=scaler, tail=textwrap.indent(textwrap.dedent(tail), "    "))


def test_registered_on_by_default_and_safe() -> None:
    assert "GF023" in default_codes()
    assert RULES_BY_CODE["GF023"].safety.value == "safe"
    assert RULES_BY_CODE["GF023"].name == "scaled-loss-stepped-without-scaler"


def test_without_an_update_the_fix_is_unsafe_and_adds_one() -> None:
    source = (FIXTURES / "no_update_anywhere_unsafe_fix.before.py").read_text()
    assert _run(source) == (["GF023"], None)
    codes, fixed = _run(source, unsafe=True)
    assert codes == ["GF023"] and fixed is not None
    assert "    scaler.scale(loss).backward()\n    scaler.step(optimizer)\n    scaler.update()\n" in fixed
    assert _run(fixed, {"GF013", "GF023"}, unsafe=True) == ([], None)


def test_an_optimizer_the_scaled_loss_may_not_reach_gets_an_unsafe_fix() -> None:
    # `scaler.step(opt)` raises when no parameter of `opt` has a gradient: safe only when
    # gradfix sees the loss reach the optimizer's modules, or the loop steps no other optimizer
    source = (FIXTURES / "optimizer_the_scaled_loss_may_not_reach_unsafe_fix.before.py").read_text()
    assert _run(source) == (["GF023"], None)
    codes, fixed = _run(source, unsafe=True)
    assert codes == ["GF023"] and fixed is not None and "    scaler.step(probe_opt)\n" in fixed
    reached = source.replace("aux_loss(feats)", "aux_loss(probe(feats))")
    codes, fixed = _run(reached)
    assert codes == ["GF023"] and fixed is not None and "    scaler.step(probe_opt)\n" in fixed


def test_a_second_optimizer_stepped_when_its_loss_may_not_run_has_no_fix() -> None:
    source = """
    import torch

    scaler = torch.amp.GradScaler("cuda")
    opt_d = torch.optim.Adam(disc.parameters())
    opt_g = torch.optim.Adam(gen.parameters())
    for i, (x, z) in enumerate(loader):
        opt_d.zero_grad()
        opt_g.zero_grad()
        scaler.scale(d_loss(disc(x), disc(gen(z).detach()))).backward()
        scaler.step(opt_d)
        if i % 5 == 0:
            scaler.scale(g_loss(disc(gen(z)))).backward()
        opt_g.step()
        scaler.update()
    """
    assert _run(source, unsafe=True) == (["GF023"], None)


def test_amp_arm_then_one_step_for_both_modes_is_reported_without_a_fix() -> None:
    source = (FIXTURES / "amp_arm_then_a_step_for_both_modes_no_fix.before.py").read_text()
    assert _run(source, unsafe=True) == (["GF023"], None)


@pytest.mark.parametrize(
    "tail",
    [
        # an update under a test of its own: after the fix, `scaler.step` on a later
        # iteration would find the optimizer stepped since the last update
        "optimizer.step()\nif i % 10 == 0:\n    scaler.update()\n",
        # an update the iteration may leave before
        "optimizer.step()\nif bad(loss):\n    continue\nscaler.update()\n",
        # stepped twice before the update
        "optimizer.step()\nif extra:\n    optimizer.step()\nscaler.update()\n",
    ],
)
def test_reported_without_a_fix(tail: str) -> None:
    codes, fixed = _run(_loop(tail), unsafe=True)
    assert codes and set(codes) == {"GF023"} and fixed is None


def test_a_step_in_a_helper_of_the_file_is_reported_there_without_a_fix() -> None:
    source = """
    import torch

    scaler = torch.amp.GradScaler("cuda")
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)


    def apply_step(opt):
        opt.step()
        opt.zero_grad()


    for x, y in loader:
        loss = criterion(model(x), y)
        scaler.scale(loss).backward()
        apply_step(optimizer)
        scaler.update()
    """
    assert _run(source, unsafe=True) == (["GF023"], None)


def test_a_helper_that_scales_and_steps_is_fixed_in_place() -> None:
    source = """
    import torch

    scaler = torch.amp.GradScaler("cuda")
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)


    def backward_and_step(loss, opt):
        scaler.scale(loss).backward()
        opt.step()
        scaler.update()
        opt.zero_grad()


    for x, y in loader:
        backward_and_step(criterion(model(x), y), optimizer)
    """
    codes, fixed = _run(source)
    assert codes == ["GF023"] and fixed is not None
    assert "    scaler.scale(loss).backward()\n    scaler.step(opt)\n    scaler.update()\n" in fixed


def test_fsdp_sharded_scaler_counts() -> None:
    source = _loop(
        "optimizer.step()\nscaler.update()\n", scaler="ShardedGradScaler()"
    ).replace("import torch\n", "import torch\nfrom torch.distributed.fsdp.sharded_grad_scaler import ShardedGradScaler\n")
    codes, fixed = _run(source)
    assert codes == ["GF023"] and fixed is not None and "    scaler.step(optimizer)\n    scaler.update()\n" in fixed


@pytest.mark.parametrize(
    "source",
    [
        # the scaler is handed in: gradfix cannot tell what it is
        """
        def train(model, loader, optimizer, scaler):
            for x, y in loader:
                optimizer.zero_grad()
                scaler.scale(criterion(model(x), y)).backward()
                optimizer.step()
                scaler.update()
        """,
        # a project's own class named GradScaler
        _loop("optimizer.step()\nscaler.update()\n", scaler="GradScaler()").replace(
            "import torch\n", "import torch\nfrom mylib.amp import GradScaler\n"
        ),
        # disabled through a module constant
        _loop("optimizer.step()\n", scaler='torch.amp.GradScaler("cuda", enabled=USE_SCALER)').replace(
            "import torch\n", "import torch\nUSE_SCALER = False\n"
        ),
        # every optimizer unscaled by a loop gradfix cannot place
        _loop("for o in (optimizer,):\n    scaler.unscale_(o)\noptimizer.step()\nscaler.update()\n"),
        # the scaler steps the optimizer in one arm, the plain step is the other mode's
        _loop("if amp:\n    scaler.step(optimizer)\n    scaler.update()\nelse:\n    optimizer.step()\n"),
        # a library that may wrap the optimizer is named in the file
        _loop("optimizer.step()\nscaler.update()\n").replace("import torch\n", "import torch\nimport lightning as L\n"),
    ],
)
def test_silent(source: str) -> None:
    assert _run(source, unsafe=True) == ([], None)


def test_a_training_step_method_is_reported_once() -> None:
    source = (FIXTURES / "trainer_method_with_cuda_amp_scaler.before.py").read_text()
    codes, _ = _run(source)
    assert codes == ["GF023"]
