"""Proof for gradfix/libraries/horovod.py, against our stand-in of Horovod's
DistributedOptimizer (tests/libraries/standins/horovod_optimizer.py): Horovod cannot be
installed here.

The table says the optimizer DistributedOptimizer returns takes no argument in `zero_grad`;
the stand-in's signature is checked against the table, and the clear GF001 inserts for such an
optimizer is run on it and trains like the hand-fixed loop.
"""

from __future__ import annotations

import inspect
import sys
import types
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

from gradfix.libraries import horovod as horovod_table  # noqa: E402
from gradfix.runner import Options, process_source  # noqa: E402

from . import _tiny  # noqa: E402
from .standins import horovod_optimizer  # noqa: E402

FIXTURE = Path(__file__).parent.parent / "before_after" / "GF001_missing_zero_grad" / "horovod_distributed_optimizer.before.py"


def test_distributed_optimizer_zero_grad_takes_no_argument() -> None:
    (entry,) = horovod_table.OPTIMIZERS
    model = _tiny.linear()
    opt = horovod_optimizer.DistributedOptimizer(torch.optim.SGD(model.parameters(), lr=0.1), model.named_parameters())
    assert isinstance(opt, torch.optim.SGD)  # a subclass of the wrapped optimizer's class
    parameters = list(inspect.signature(type(opt).zero_grad).parameters)[1:]
    assert tuple(parameters) == entry.clear_keywords == ()
    _tiny.mse(model, _tiny.batches(1)[0]).backward()
    with pytest.raises(TypeError, match="set_to_none"):
        opt.zero_grad(set_to_none=True)  # what gradfix must never write for it
    opt.zero_grad()
    assert all(p.grad is None or not p.grad.any() for p in model.parameters())


def _run(source: str, batches) -> torch.nn.Module:
    """Run the fixture's `train` with the stand-in as `horovod.torch`."""
    package, module = types.ModuleType("horovod"), types.ModuleType("horovod.torch")
    module.init = lambda: None
    module.size = lambda: 1
    module.DistributedOptimizer = horovod_optimizer.DistributedOptimizer
    package.torch = module
    saved = {name: sys.modules.get(name) for name in ("horovod", "horovod.torch")}
    sys.modules.update({"horovod": package, "horovod.torch": module})
    try:
        namespace: dict[str, object] = {}
        exec(compile(source, str(FIXTURE), "exec"), namespace)
        model = _tiny.linear()
        namespace["train"](model, batches, 0.1)  # type: ignore[operator]
        return model
    finally:
        for name, old in saved.items():
            if old is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = old


def test_the_clear_gf001_inserts_runs_and_trains_like_the_hand_fix() -> None:
    before = FIXTURE.read_text()
    result = process_source(str(FIXTURE), before.encode(), Options(select=frozenset({"GF001"}), fix=True))
    assert result.fixed is not None
    fixed = result.fixed.decode()
    assert "optimizer.zero_grad()\n" in fixed and "set_to_none" not in fixed
    hand = before.replace("    for features, target in loader:\n", "    for features, target in loader:\n        optimizer.zero_grad()\n")
    assert hand != before
    batches = _tiny.batches(6)
    got, want = _run(fixed, batches), _run(hand, batches)
    assert torch.equal(got.weight, want.weight) and torch.equal(got.bias, want.bias)
    # and the version that passes set_to_none fails on Horovod's signature
    with pytest.raises(TypeError):
        _run(fixed.replace("optimizer.zero_grad()", "optimizer.zero_grad(set_to_none=True)"), batches)
