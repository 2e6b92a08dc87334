"""Proofs for gradfix/libraries/apex.py, against our stand-in of Apex's optimizers
(tests/libraries/standins/apex_optimizers.py): Apex cannot be installed here.

Each test also checks that the table says exactly what the stand-in's `zero_grad` accepts, so
the stand-in, the table and gradfix's fixes cannot drift apart.
"""

from __future__ import annotations

import inspect

import pytest

torch = pytest.importorskip("torch")

from gradfix.libraries import apex as apex_table  # noqa: E402

from . import _tiny  # noqa: E402
from .standins import apex_optimizers  # noqa: E402


def _accepted_keywords(function) -> tuple[str, ...]:
    parameters = list(inspect.signature(function).parameters.values())[1:]  # after self
    assert all(p.kind is p.POSITIONAL_OR_KEYWORD for p in parameters)
    return tuple(p.name for p in parameters)


def _stand_in(entry):
    return getattr(apex_optimizers, entry.qualname.rsplit(".", 1)[1])


_WRAPPERS = {"apex.parallel.LARC.LARC"}  # built around another optimizer
_FUSED = [e for e in apex_table.OPTIMIZERS if not e.clear_keywords and e.qualname not in _WRAPPERS]
_FP16 = [e for e in apex_table.OPTIMIZERS if e.clear_keywords]


@pytest.mark.parametrize("entry", _FUSED, ids=lambda e: e.qualname)
def test_fused_optimizer_zero_grad_takes_no_argument(entry) -> None:
    cls = _stand_in(entry)
    assert _accepted_keywords(cls.zero_grad) == entry.clear_keywords == ()
    model = _tiny.linear()
    opt = cls(model.parameters(), lr=0.1)
    _tiny.mse(model, _tiny.batches(1)[0]).backward()
    with pytest.raises(TypeError, match="set_to_none"):
        opt.zero_grad(set_to_none=True)  # what gradfix must never write for it
    opt.zero_grad()
    if opt.set_grad_none:
        assert all(p.grad is None for p in model.parameters())
    else:  # FusedSGD's default: torch's own zero_grad()
        assert all(p.grad is None or not p.grad.any() for p in model.parameters())


@pytest.mark.parametrize("entry", _FP16, ids=lambda e: e.qualname)
def test_fp16_optimizer_zero_grad_takes_set_grads_to_none(entry) -> None:
    cls = _stand_in(entry)
    assert _accepted_keywords(cls.zero_grad) == entry.clear_keywords == ("set_grads_to_None",)
    model = _tiny.linear()
    opt = cls(torch.optim.SGD(model.parameters(), lr=0.1))
    _tiny.mse(model, _tiny.batches(1)[0]).backward()
    with pytest.raises(TypeError, match="set_to_none"):
        opt.zero_grad(set_to_none=True)
    opt.zero_grad(set_grads_to_None=False)
    assert all(p.grad is not None and not p.grad.any() for p in model.parameters())
    opt.zero_grad()
    assert all(p.grad is None for p in model.parameters())


def test_larc_zero_grad_takes_no_argument() -> None:
    (entry,) = [e for e in apex_table.OPTIMIZERS if e.qualname == "apex.parallel.LARC.LARC"]
    assert _accepted_keywords(apex_optimizers.LARC.zero_grad) == entry.clear_keywords == ()
    model = _tiny.linear()
    opt = apex_optimizers.LARC(torch.optim.SGD(model.parameters(), lr=0.1))
    _tiny.mse(model, _tiny.batches(1)[0]).backward()
    with pytest.raises(TypeError, match="set_to_none"):
        opt.zero_grad(set_to_none=True)  # what gradfix must never write for it
    opt.zero_grad()  # the wrapped SGD's own bare clear: None on torch >= 2.0
    assert all(p.grad is None for p in model.parameters())


@pytest.mark.parametrize(
    "options,rejects",
    [
        ({"opt_level": "O2"}, True),
        ({"opt_level": "O1"}, False),
        ({}, False),
        ({"opt_level": "O3"}, False),
        ({"opt_level": "O2", "master_weights": False}, False),
        ({"opt_level": "O1", "master_weights": True}, True),
    ],
)
def test_amp_initialize_master_weights_replace_zero_grad(options: dict, rejects: bool) -> None:
    """The stand-in's `amp.initialize` against what gradfix reads from the same call written
    out: with master weights the optimizer's `zero_grad` takes no `set_to_none`."""
    import ast

    from gradfix.analysis.clear_signature import _amp_master_weights

    from .standins.apex_amp import amp

    written = "".join(f", {name}={value!r}" for name, value in options.items())
    call = ast.parse(f"amp.initialize(model, opt{written})").body[0].value  # type: ignore[attr-defined]
    assert _amp_master_weights(call) is rejects
    model = _tiny.linear()
    model, opt = amp.initialize(model, torch.optim.SGD(model.parameters(), lr=0.1), **options)
    _tiny.mse(model, _tiny.batches(1)[0]).backward()
    if rejects:
        with pytest.raises(TypeError):
            opt.zero_grad(set_to_none=True)
    else:
        opt.zero_grad(set_to_none=True)
    opt.zero_grad()
    assert all(p.grad is None for p in model.parameters())
